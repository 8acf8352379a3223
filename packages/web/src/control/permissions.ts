/**
 * What Control's board lets a person do, from `me.permissions`: the keys each operation names in
 * `packages/api/src/cad/*Api.ts` (every one of them also needs `cad.view`, which opens the room).
 */
export interface ControlAllows {
  /** Assign, clear, change a unit's status. */
  readonly dispatch: boolean
  readonly createIncident: boolean
  /** Edit and close incidents. */
  readonly manageIncidents: boolean
  /** Create units, add and remove crew. */
  readonly manageUnits: boolean
  /** Attach and close calls. */
  readonly manageCalls: boolean
}

export const controlAllows = (permissions: ReadonlyArray<string>): ControlAllows => {
  const has = (key: string) => permissions.includes("cad.view") && permissions.includes(key)
  return {
    dispatch: has("cad.dispatch"),
    createIncident: has("cad.incidents.create"),
    manageIncidents: has("cad.incidents.manage"),
    manageUnits: has("cad.units.manage"),
    manageCalls: has("cad.calls.manage")
  }
}
