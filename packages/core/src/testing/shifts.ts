import { Effect, Layer, Option } from "effect"
import type { StaffProfileId } from "../identity/index.js"
import { type Page, toPage } from "../kernel/index.js"
import {
  EndShiftOnDeactivation,
  type RoleplaySession,
  type RoleplaySessionId,
  RoleplaySessions,
  type RoleplaySessionStatus,
  type Shift,
  type ShiftFilter,
  type ShiftId,
  Shifts,
  shiftStatus,
  ShiftSummaries,
  type ShiftTotal,
  type SummaryRange
} from "../shifts/index.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

export const SHIFTS_TABLE = "shifts"
export const ROLEPLAY_SESSIONS_TABLE = "roleplay_sessions"

/** Code-unit order, as Postgres's "C" collation orders ASCII text. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

const pageOf = <A>(sorted: ReadonlyArray<A>, page: Page) => toPage(sorted.slice(page.offset, page.offset + page.limit + 1), page)

/**
 * Shifts in the in-memory tables. `insert` refuses a second active shift of a
 * profile, as the partial unique index does in Postgres; the locking finders
 * are plain reads (`InMemoryTransactor` runs one transaction at a time).
 */
export const InMemoryShifts = Layer.effect(
  Shifts,
  InMemoryDatabase.useSync((db) => {
    const rows = db.rows<Shift>(SHIFTS_TABLE)
    const find = (predicate: (shift: Shift) => boolean) => Effect.map(rows, (all) => Option.fromNullishOr(all.find(predicate)))
    return {
      findById: (id: ShiftId) => find((shift) => shift.id === id),
      findByIdForUpdate: (id: ShiftId) => find((shift) => shift.id === id),
      findActiveForUpdate: (staffId: StaffProfileId) => find((shift) => shift.staffId === staffId && shift.endedAt === null),
      insert: (shift: Shift) =>
        Effect.suspend(() => {
          let inserted = false
          const update = db.update<Shift>(SHIFTS_TABLE, (all) => {
            inserted = !all.some((other) => other.staffId === shift.staffId && other.endedAt === null)
            return inserted ? [...all, shift] : all
          })
          return Effect.map(update, () => inserted)
        }),
      update: (shift: Shift) => db.update<Shift>(SHIFTS_TABLE, (all) => all.map((stored) => (stored.id === shift.id ? shift : stored))),
      list: (filter: ShiftFilter, page: Page) =>
        Effect.map(rows, (all) => {
          const matching = all.filter((shift) =>
            (filter.staffId === undefined || shift.staffId === filter.staffId) &&
            (filter.status === undefined || shiftStatus(shift) === filter.status)
          )
          const sorted = [...matching].sort((a, b) => b.startedAt.epochMilliseconds - a.startedAt.epochMilliseconds || compareText(b.id, a.id))
          return pageOf(sorted, page)
        })
    }
  })
)

/** The milliseconds of `shift` inside the range (an active one up to `now`), or 0 when it does not overlap. */
const clippedMillis = (shift: Shift, range: SummaryRange): number => {
  const end = Math.min(shift.endedAt?.epochMilliseconds ?? range.now.epochMilliseconds, range.to.epochMilliseconds)
  const start = Math.max(shift.startedAt.epochMilliseconds, range.from.epochMilliseconds)
  return Math.max(0, end - start)
}

const overlaps = (shift: Shift, range: SummaryRange): boolean =>
  shift.startedAt.epochMilliseconds < range.to.epochMilliseconds &&
  (shift.endedAt?.epochMilliseconds ?? range.now.epochMilliseconds) > range.from.epochMilliseconds

/** The summary worked out over the in-memory rows, with the same rules as the SQL one. */
export const InMemoryShiftSummaries = Layer.effect(
  ShiftSummaries,
  InMemoryDatabase.useSync((db) => ({
    totals: (range: SummaryRange, page: Page) =>
      Effect.map(db.rows<Shift>(SHIFTS_TABLE), (all) => {
        const groups = new Map<string, { staffId: StaffProfileId; type: Shift["type"]; millis: number; shifts: number }>()
        for (const shift of all) {
          if ((range.staffId !== undefined && shift.staffId !== range.staffId) || !overlaps(shift, range)) continue
          const key = `${shift.staffId}\u0000${shift.type}`
          const group = groups.get(key) ?? { staffId: shift.staffId, type: shift.type, millis: 0, shifts: 0 }
          groups.set(key, { ...group, millis: group.millis + clippedMillis(shift, range), shifts: group.shifts + 1 })
        }
        const totals: Array<ShiftTotal> = [...groups.values()].map(({ millis, ...group }) => ({
          ...group,
          totalSeconds: Math.floor(millis / 1000)
        }))
        totals.sort((a, b) => b.totalSeconds - a.totalSeconds || compareText(a.staffId, b.staffId) || compareText(a.type, b.type))
        return pageOf(totals, page)
      })
  }))
)

export const InMemoryRoleplaySessions = Layer.effect(
  RoleplaySessions,
  InMemoryDatabase.useSync((db) => {
    const rows = db.rows<RoleplaySession>(ROLEPLAY_SESSIONS_TABLE)
    const find = (id: RoleplaySessionId) => Effect.map(rows, (all) => Option.fromNullishOr(all.find((session) => session.id === id)))
    return {
      findById: find,
      findByIdForUpdate: find,
      insert: (session: RoleplaySession) => db.insert(ROLEPLAY_SESSIONS_TABLE, session),
      update: (session: RoleplaySession) =>
        db.update<RoleplaySession>(ROLEPLAY_SESSIONS_TABLE, (all) => all.map((stored) => (stored.id === session.id ? session : stored))),
      list: (filter: { readonly status?: RoleplaySessionStatus | undefined }, page: Page) =>
        Effect.map(rows, (all) => {
          const matching = all.filter((session) => filter.status === undefined || session.status === filter.status)
          const sorted = [...matching].sort((a, b) => b.createdAt.epochMilliseconds - a.createdAt.epochMilliseconds || compareText(b.id, a.id))
          return pageOf(sorted, page)
        })
    }
  })
)

/** Every repository of the shifts context, and the deactivation rule that ends a profile's shift. */
export const InMemoryShiftsRepositories = Layer.mergeAll(InMemoryShifts, InMemoryShiftSummaries, InMemoryRoleplaySessions)

export const InMemoryShiftsContext = EndShiftOnDeactivation.pipe(Layer.provideMerge(InMemoryShiftsRepositories))
