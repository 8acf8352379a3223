import { type DateTime, Schema } from "effect"
import { Timestamp } from "../kernel/index.js"
import { type Civilian, CivilianStatus } from "./Civilian.js"
import { type Licence, licenceStatusAt, LicenceStatus } from "./Licence.js"
import { type LoadedMarker, MarkerView, markerView } from "./markerView.js"
import { CivilianRef } from "./refs.js"
import { type LoadedVehicleSummary, pncVehicleSummary } from "./vehicleViews.js"
import { civilianViewFields, Count, vehicleAlertFields, vehicleViewFields } from "./viewFields.js"

/** The PNC's vehicle record: the registration, the current keeper with their licence and alerts, every keeper, the active markers, in one read. */

/** Active markers and warrants, counted for the alerts. */
export const AlertCounts = Schema.Struct({ markers: Count, warrants: Count })
export type AlertCounts = typeof AlertCounts.Type

/** The keeper of a vehicle as the vehicle record loads them. */
export interface LoadedKeeper {
  readonly civilian: Civilian
  readonly licence: Pick<Licence, "number" | "status" | "suspendedUntil" | "expiresAt"> | null
  readonly alerts: AlertCounts
  readonly since: DateTime.Utc
}

/** One period a character kept the vehicle, as the vehicle record shows it. */
export const KeeperSpell = Schema.Struct({ civilian: CivilianRef, startedAt: Timestamp, endedAt: Schema.NullOr(Timestamp) })
export type KeeperSpell = typeof KeeperSpell.Type

/** Every record naming a vehicle and every marker it ever had. */
export const VehicleHistoryCounts = Schema.Struct({ records: Count, markers: Count })
export type VehicleHistoryCounts = typeof VehicleHistoryCounts.Type

/** The whole chain of one vehicle, loaded in one read. */
export interface LoadedVehicleRecord extends LoadedVehicleSummary {
  readonly currentKeeper: LoadedKeeper | null
  readonly keepers: ReadonlyArray<KeeperSpell>
  /** Active markers on the vehicle (at the time of reading), newest first. */
  readonly activeMarkers: ReadonlyArray<LoadedMarker>
  /** Every record naming the vehicle and every marker it ever had. */
  readonly counts: VehicleHistoryCounts
}

/** The current keeper on the vehicle record: the person, their licence and their alerts (the API's `VehicleKeeper`). */
export const ExpandedKeeper = Schema.Struct({
  ...civilianViewFields,
  status: CivilianStatus,
  licence: Schema.NullOr(Schema.Struct({ number: Schema.String, status: LicenceStatus })),
  alerts: AlertCounts,
  since: Timestamp
}).annotate({ identifier: "VehicleKeeper" })
export type ExpandedKeeper = typeof ExpandedKeeper.Type

export const PncVehicleRecord = Schema.Struct({
  ...vehicleViewFields,
  ...vehicleAlertFields,
  keeper: Schema.NullOr(ExpandedKeeper),
  keepers: Schema.Array(KeeperSpell),
  markers: Schema.Array(MarkerView),
  counts: VehicleHistoryCounts
}).annotate({ identifier: "PncVehicleRecord", description: "The registration, keeper, licence and alert chain in one read; `keepers` the latest first" })
export type PncVehicleRecord = typeof PncVehicleRecord.Type

export const pncVehicleRecord = (loaded: LoadedVehicleRecord, now: DateTime.Utc): PncVehicleRecord => {
  const keeper = loaded.currentKeeper
  return {
    ...pncVehicleSummary(loaded),
    keeper: keeper === null ? null : {
      id: keeper.civilian.id,
      reference: keeper.civilian.reference,
      fullName: keeper.civilian.fullName,
      dateOfBirth: keeper.civilian.dateOfBirth,
      gender: keeper.civilian.gender,
      address: keeper.civilian.address,
      status: keeper.civilian.status,
      licence: keeper.licence === null ? null : { number: keeper.licence.number, status: licenceStatusAt(keeper.licence, now) },
      alerts: keeper.alerts,
      since: keeper.since
    },
    keepers: loaded.keepers,
    markers: loaded.activeMarkers.map((marker) => markerView(marker, now)),
    counts: loaded.counts
  }
}
