import { EntityId } from "../kernel/index.js"

/** The ids of the shifts context's records: the API's `Id`, branded (see identity's `ids.ts`). */
export const ShiftId = EntityId("ShiftId")
export type ShiftId = typeof ShiftId.Type

/** A role-play session's id ("session" alone is the sign-in session of identity). */
export const RoleplaySessionId = EntityId("RoleplaySessionId")
export type RoleplaySessionId = typeof RoleplaySessionId.Type
