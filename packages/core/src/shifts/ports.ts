import { Context, type DateTime, type Effect, type Option } from "effect"
import type { StaffProfileId } from "../identity/index.js"
import type { Page, PageOf } from "../kernel/index.js"
import type { RoleplaySessionId, ShiftId } from "./ids.js"
import type { RoleplaySession, RoleplaySessionStatus } from "./RoleplaySession.js"
import type { Shift, ShiftStatus, ShiftType } from "./Shift.js"

/** Which shifts a list shows. */
export interface ShiftFilter {
  readonly staffId?: StaffProfileId | undefined
  readonly status?: ShiftStatus | undefined
}

/**
 * Repositories of the shifts context. They store and find; the rules live in
 * the use cases. Every write runs inside the caller's transaction, and a use
 * case that changes a record reads it with a `…ForUpdate` finder first (see
 * identity's ports).
 */
export class Shifts extends Context.Service<Shifts, {
  readonly findById: (id: ShiftId) => Effect.Effect<Option.Option<Shift>>
  /** The shift, locked until the transaction ends: what ending it checks its rule on. */
  readonly findByIdForUpdate: (id: ShiftId) => Effect.Effect<Option.Option<Shift>>
  /** The profile's active shift, if any, locked until the transaction ends. */
  readonly findActiveForUpdate: (staffId: StaffProfileId) => Effect.Effect<Option.Option<Shift>>
  /**
   * Stores a new active shift. Answers `false`, storing nothing, when the
   * profile already has an active shift (one per profile, also under a race:
   * the database's partial unique index decides).
   */
  readonly insert: (shift: Shift) => Effect.Effect<boolean>
  /** Replaces the stored shift with the same id (ending it). */
  readonly update: (shift: Shift) => Effect.Effect<void>
  /** Newest first (by start, then id). */
  readonly list: (filter: ShiftFilter, page: Page) => Effect.Effect<PageOf<Shift>>
}>()("@bluelight/core/shifts/Shifts") {}

/** The time range a summary covers: `from` inclusive, `to` exclusive. */
export interface SummaryRange {
  readonly from: DateTime.Utc
  readonly to: DateTime.Utc
  /** Active shifts count up to this moment (the request's clock). */
  readonly now: DateTime.Utc
  readonly staffId?: StaffProfileId | undefined
}

/** Time one staff profile spent on one shift type within a range. */
export interface ShiftTotal {
  readonly staffId: StaffProfileId
  readonly type: ShiftType
  /** Whole seconds of the profile's shifts of this type inside the range (each shift clipped to it). */
  readonly totalSeconds: number
  /** How many of those shifts overlap the range. */
  readonly shifts: number
}

/**
 * The summary staff managers read: total shift time per staff profile and
 * shift type over a range, worked out by the store (one SQL query). Each
 * shift is clipped to the range, an active one counts up to `now`; the sum of
 * the clipped milliseconds is rounded down to whole seconds. Ordered by most
 * time first, then staff id, then type.
 */
export class ShiftSummaries extends Context.Service<ShiftSummaries, {
  readonly totals: (range: SummaryRange, page: Page) => Effect.Effect<PageOf<ShiftTotal>>
}>()("@bluelight/core/shifts/ShiftSummaries") {}

export class RoleplaySessions extends Context.Service<RoleplaySessions, {
  readonly findById: (id: RoleplaySessionId) => Effect.Effect<Option.Option<RoleplaySession>>
  /** The session, locked until the transaction ends: what a move checks its rule on. */
  readonly findByIdForUpdate: (id: RoleplaySessionId) => Effect.Effect<Option.Option<RoleplaySession>>
  readonly insert: (session: RoleplaySession) => Effect.Effect<void>
  readonly update: (session: RoleplaySession) => Effect.Effect<void>
  /** Latest `scheduledFor` first, then id descending. */
  readonly list: (filter: { readonly status?: RoleplaySessionStatus | undefined }, page: Page) => Effect.Effect<PageOf<RoleplaySession>>
}>()("@bluelight/core/shifts/RoleplaySessions") {}
