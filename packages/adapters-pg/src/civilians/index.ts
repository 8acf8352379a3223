import { Layer } from "effect"
import { PgAlertFiles } from "./PgAlertFiles.js"
import { PgMarkers, PgRecords, PgWarrants } from "./PgAlertRepositories.js"
import { PgCivilianFiles } from "./PgCivilianFiles.js"
import { PgCivilians } from "./PgCivilians.js"
import { PgLicences } from "./PgLicences.js"
import { PgPncHistory } from "./PgPncHistory.js"
import { PgVehicleFiles } from "./PgVehicleFiles.js"
import { PgVehicles } from "./PgVehicles.js"

export { PgAlertFiles } from "./PgAlertFiles.js"
export { PgMarkers, PgRecords, PgWarrants } from "./PgAlertRepositories.js"
export { PgCivilianFiles } from "./PgCivilianFiles.js"
export { PgCivilians } from "./PgCivilians.js"
export { PgLicences } from "./PgLicences.js"
export { PgPncHistory } from "./PgPncHistory.js"
export { PgVehicleFiles } from "./PgVehicleFiles.js"
export { PgVehicles } from "./PgVehicles.js"

/** Every civilian repository and read model over the one SQL client. */
export const PgCivilianRepositories = Layer.mergeAll(
  PgCivilians,
  PgLicences,
  PgVehicles,
  PgPncHistory,
  PgCivilianFiles,
  PgVehicleFiles,
  PgRecords,
  PgWarrants,
  PgMarkers,
  PgAlertFiles
)
