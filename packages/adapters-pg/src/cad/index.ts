import { Layer } from "effect"
import { PgCadHistory } from "./PgCadHistory.js"
import { PgCalls } from "./PgCalls.js"
import { PgCrewDirectory } from "./PgCrewDirectory.js"
import { PgCrewMemberships } from "./PgCrewMemberships.js"
import { PgHandledGameEvents } from "./PgHandledGameEvents.js"
import { PgIncidents } from "./PgIncidents.js"
import { PgUnits } from "./PgUnits.js"

export { CAD_EVENTS_CHANNEL, PgCadHistory } from "./PgCadHistory.js"
export { PgCadSignals } from "./PgCadSignals.js"
export { PgCalls } from "./PgCalls.js"
export { PgCrewDirectory } from "./PgCrewDirectory.js"
export { PgCrewMemberships } from "./PgCrewMemberships.js"
export { PgHandledGameEvents } from "./PgHandledGameEvents.js"
export { PgIncidents } from "./PgIncidents.js"
export { PgUnits } from "./PgUnits.js"

/** Every CAD repository over the one SQL client, with the game's events handled (what turns them into CAD changes claims them). */
export const PgCadRepositories = Layer.mergeAll(PgUnits, PgIncidents, PgCrewMemberships, PgCrewDirectory, PgCalls, PgCadHistory, PgHandledGameEvents)
