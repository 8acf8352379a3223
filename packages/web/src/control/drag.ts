import type { Unit } from "./board.js"

/** The unit being dragged onto an incident: held here rather than in the drag's text, which any page could forge. */
export const dragged: { unitId: Unit["id"] | null } = { unitId: null }
