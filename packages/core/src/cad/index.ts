/**
 * CAD and MDT: Control's incidents, units and their crews, incoming calls,
 * the append-only CAD history and its live feed; and the MDT self-service
 * of the people crewing a unit.
 */
export * from "./CadEvent.js"
export * from "./CadEventData.js"
export * from "./Call.js"
export * from "./calls.js"
export * from "./Crew.js"
export * from "./crewHand.js"
export * from "./crewing.js"
export * from "./dispatch.js"
export * from "./errors.js"
export * from "./feed.js"
export * from "./followAccess.js"
export * from "./history.js"
export * from "./ids.js"
export * from "./Incident.js"
export * from "./incidents.js"
export * from "./locks.js"
export * from "./mdt.js"
export * from "./ports.js"
export * from "./streamSlots.js"
export * from "./Unit.js"
export * from "./units.js"
export * from "./views.js"
