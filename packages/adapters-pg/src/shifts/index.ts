import { Layer } from "effect"
import { PgRoleplaySessions } from "./PgRoleplaySessions.js"
import { PgShifts } from "./PgShifts.js"
import { PgShiftSummaries } from "./PgShiftSummaries.js"

export { PgRoleplaySessions } from "./PgRoleplaySessions.js"
export { PgShifts } from "./PgShifts.js"
export { PgShiftSummaries } from "./PgShiftSummaries.js"

/** Every repository of the shifts context over the one SQL client. */
export const PgShiftsRepositories = Layer.mergeAll(PgShifts, PgShiftSummaries, PgRoleplaySessions)
