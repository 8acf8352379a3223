/**
 * Staff shifts and role-play sessions: who is on shift, for how long, and the
 * role-play sessions staff host.
 */
export * from "./errors.js"
export * from "./ids.js"
export * from "./ports.js"
export * from "./RoleplaySession.js"
export * from "./roleplaySessions.js"
export * from "./Shift.js"
export * from "./shifts.js"
