import { EntityId } from "../kernel/index.js"

/** The id of a moderation action (UUIDv7, from `newId`). */
export const ModerationActionId = EntityId("ModerationActionId")
export type ModerationActionId = typeof ModerationActionId.Type
