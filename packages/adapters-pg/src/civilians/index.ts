import { Layer } from "effect"
import { PgAlertReads } from "./PgAlertReads.js"
import { PgCharges } from "./PgCharges.js"
import { PgMarkers, PgRecords, PgWarrants } from "./PgAlertRepositories.js"
import { PgCivilianReads } from "./PgCivilianReads.js"
import { PgCivilians } from "./PgCivilians.js"
import { PgCommunitySettingsStore } from "./PgCommunitySettingsStore.js"
import { PgLicences } from "./PgLicences.js"
import { PgPncHistory } from "./PgPncHistory.js"
import { PgVehicleReads } from "./PgVehicleReads.js"
import { PgVehicles } from "./PgVehicles.js"

export { PgAlertReads } from "./PgAlertReads.js"
export { PgMarkers, PgRecords, PgWarrants } from "./PgAlertRepositories.js"
export { PgCharges } from "./PgCharges.js"
export { PgCivilianReads } from "./PgCivilianReads.js"
export { PgCivilians } from "./PgCivilians.js"
export { PgCommunitySettingsStore } from "./PgCommunitySettingsStore.js"
export { PgLicences } from "./PgLicences.js"
export { PgPncHistory } from "./PgPncHistory.js"
export { PgVehicleReads } from "./PgVehicleReads.js"
export { PgVehicles } from "./PgVehicles.js"

/** Every civilian repository and read model over the one SQL client. */
export const PgCivilianRepositories = Layer.mergeAll(
  PgCivilians,
  PgCommunitySettingsStore,
  PgLicences,
  PgVehicles,
  PgPncHistory,
  PgCivilianReads,
  PgVehicleReads,
  PgRecords,
  PgWarrants,
  PgMarkers,
  PgAlertReads,
  PgCharges
)
