import { Schema } from "effect"
import { StaffProfileId } from "../identity/index.js"
import { MultiLineText, OneLineText, OneOf, Timestamp, type TimeWindow } from "../kernel/index.js"
import { RoleplaySessionId } from "./ids.js"

/** A role-play session's `status` (docs/decisions/shifts.md, "Values"). */
export const ROLEPLAY_SESSION_STATUSES = ["SCHEDULED", "LIVE", "ENDED", "CANCELLED"] as const
export const RoleplaySessionStatus = OneOf(...ROLEPLAY_SESSION_STATUSES).annotate({ identifier: "RoleplaySessionStatus" })
export type RoleplaySessionStatus = typeof RoleplaySessionStatus.Type

/** Title and description bounds (after trimming). */
export const ROLEPLAY_TITLE = { min: 3, max: 100 } as const
export const ROLEPLAY_DESCRIPTION = { max: 2000 } as const

/** A session's title: one line of 3 to 100 characters. */
export const RoleplayTitle = OneLineText(ROLEPLAY_TITLE)

/** What a session is about: free text of at most 2000 characters (empty means none: the session keeps `null`). */
export const RoleplayDescription = MultiLineText(ROLEPLAY_DESCRIPTION)

/**
 * A scheduled role-play session, hosted by an active staff member (their
 * staff profile). The time of each move is kept beside the status. Its
 * text is as stored; what is written is held to `RoleplayTitle` and
 * `RoleplayDescription`.
 */
export const RoleplaySession = Schema.Struct({
  id: RoleplaySessionId,
  title: Schema.String,
  description: Schema.NullOr(Schema.String),
  status: RoleplaySessionStatus,
  scheduledFor: Timestamp,
  // The key's description, not a second `Id` schema: the API description keeps one `Id` component.
  hostId: StaffProfileId.annotateKey({ description: "The host's staff profile" }),
  startedAt: Schema.NullOr(Timestamp),
  endedAt: Schema.NullOr(Timestamp),
  cancelledAt: Schema.NullOr(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotate({ identifier: "RoleplaySession" })
export type RoleplaySession = typeof RoleplaySession.Type

/**
 * When a session may be scheduled: within a year of now, either way (a session
 * can be recorded after the fact, or planned for next season; further is a
 * mistake in the year).
 */
export const SESSION_TIME: TimeWindow = { earliest: { years: 1 }, latest: { years: 1 }, says: "must be from a year before now to a year after" }

/** The moves of a role-play session. */
export type RoleplayMove = "start" | "end" | "cancel"

/** `SCHEDULED` → `LIVE` → `ENDED`; `SCHEDULED` → `CANCELLED` (docs/decisions/shifts.md, "Role-play sessions"). */
const MOVES: Record<RoleplayMove, { readonly from: RoleplaySessionStatus; readonly to: RoleplaySessionStatus }> = {
  start: { from: "SCHEDULED", to: "LIVE" },
  end: { from: "LIVE", to: "ENDED" },
  cancel: { from: "SCHEDULED", to: "CANCELLED" }
}

/** The status `move` leads to from `status`, or null when the status does not allow it. */
export const nextStatus = (status: RoleplaySessionStatus, move: RoleplayMove): RoleplaySessionStatus | null =>
  MOVES[move].from === status ? MOVES[move].to : null

/** The status a move needs. */
export const requiredStatus = (move: RoleplayMove): RoleplaySessionStatus => MOVES[move].from
