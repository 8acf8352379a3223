/** What the PNC actions let a person do, from `me.permissions`: each action's key as its operation names it (`packages/api/src/civilians/Pnc*Api.ts`). */
export interface PncAllows {
  readonly records: boolean
  readonly warrants: boolean
  readonly markers: boolean
  readonly licences: boolean
  readonly vehicles: boolean
}

export const pncAllows = (permissions: ReadonlyArray<string>): PncAllows => ({
  records: permissions.includes("pnc.records.manage"),
  warrants: permissions.includes("pnc.warrants.manage"),
  markers: permissions.includes("pnc.markers.manage"),
  licences: permissions.includes("pnc.licences.manage"),
  vehicles: permissions.includes("pnc.vehicles.manage")
})
