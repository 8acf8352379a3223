/** CAD's words shared by every room: a unit's status and an incident's priority as people read them. English (UK). */

/** A unit's status as people read it (the word goes with its colour). */
export const unitStatusWords = {
  OFF_DUTY: "Off duty",
  AVAILABLE: "Available",
  ASSIGNED: "Assigned",
  EN_ROUTE: "En route",
  ON_SCENE: "On scene",
  BUSY: "Busy",
  UNAVAILABLE: "Unavailable"
} as const

export const priorityWords = { IMMEDIATE: "Immediate", PRIORITY: "Priority", SCHEDULED: "Scheduled", RESOLUTION: "Resolution" } as const
