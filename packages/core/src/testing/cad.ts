import { type Context, DateTime, Effect, Layer, Option, Ref } from "effect"
import type { Account, AccountId, StaffProfile } from "../identity/index.js"
import { type Actor, type Page, toPage } from "../kernel/index.js"
import {
  type CadEvent,
  type CadEventFilter,
  type CadEventView,
  cadEventView,
  CadHistory,
  type Call,
  type CallId,
  Calls,
  callsignKey,
  type CallStatus,
  CrewDirectory,
  type CrewMember,
  type CrewMemberId,
  type CrewMembership,
  CrewMemberships,
  type CrewUser,
  type Incident,
  incidentBoardOrder,
  type IncidentId,
  Incidents,
  type IncidentStatus,
  matchesFilter,
  type NewCadEvent,
  type Unit,
  type UnitId,
  Units
} from "../cad/index.js"
import { HandledGameEvents } from "../game/index.js"
import { ACCOUNTS_TABLE, STAFF_PROFILES_TABLE } from "./identity.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"

export const UNITS_TABLE = "cad_units"
export const INCIDENTS_TABLE = "cad_incidents"
export const CREW_TABLE = "cad_crew_memberships"
export const CALLS_TABLE = "cad_calls"
export const CAD_EVENTS_TABLE = "cad_events"
export const HANDLED_GAME_EVENTS_TABLE = "game_events_handled"

/** Code-unit order, as Postgres's "C" collation orders ASCII text. */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
const pageOf = <A>(sorted: ReadonlyArray<A>, page: Page) => toPage(sorted.slice(page.offset, page.offset + page.limit + 1), page)

type Db = Context.Service.Shape<typeof InMemoryDatabase>

const table = <A extends { readonly id: string }>(db: Db, name: string) => ({
  rows: db.rows<A>(name),
  find: (predicate: (row: A) => boolean) => Effect.map(db.rows<A>(name), (rows) => Option.fromNullishOr(rows.find(predicate))),
  filter: (predicate: (row: A) => boolean) => Effect.map(db.rows<A>(name), (rows) => rows.filter(predicate)),
  insert: (row: A) => db.insert<A>(name, row),
  replace: (row: A) => db.update<A>(name, (rows) => rows.map((stored) => (stored.id === row.id ? row : stored)))
})

// The locking finders are plain reads: `InMemoryTransactor` runs one transaction at a time.

export const InMemoryUnits = Layer.effect(
  Units,
  InMemoryDatabase.useSync((db) => {
    const units = table<Unit>(db, UNITS_TABLE)
    const clashes = (unit: Unit) => (other: Unit) => other.id !== unit.id && callsignKey(other.callsign) === callsignKey(unit.callsign)
    const byCallsign = (a: Unit, b: Unit) => compareText(a.callsign.toLowerCase(), b.callsign.toLowerCase()) || compareText(a.id, b.id)
    return {
      findById: (id: UnitId) => units.find((unit) => unit.id === id),
      findByIdForUpdate: (id: UnitId) => units.find((unit) => unit.id === id),
      attendingForUpdate: (incidentId: IncidentId) =>
        Effect.map(units.filter((unit) => unit.incidentId === incidentId), (rows) => [...rows].sort((a, b) => compareText(a.id, b.id))),
      attending: (incidentId: IncidentId) => Effect.map(units.filter((unit) => unit.incidentId === incidentId), (rows) => [...rows].sort(byCallsign)),
      insert: (unit: Unit) => Effect.flatMap(units.rows, (rows) => (rows.some(clashes(unit)) ? Effect.succeed(false) : Effect.as(units.insert(unit), true))),
      update: (unit: Unit) => Effect.flatMap(units.rows, (rows) => (rows.some(clashes(unit)) ? Effect.succeed(false) : Effect.as(units.replace(unit), true))),
      list: (page: Page) => Effect.map(units.rows, (rows) => pageOf([...rows].sort(byCallsign), page))
    }
  })
)

export const InMemoryIncidents = Layer.effect(
  Incidents,
  Effect.gen(function*() {
    const db = yield* InMemoryDatabase
    // Outside the tables, as a Postgres sequence is outside transactions: a number is never reused.
    const numbers = yield* Ref.make(0)
    const incidents = table<Incident>(db, INCIDENTS_TABLE)
    return {
      findById: (id: IncidentId) => incidents.find((incident) => incident.id === id),
      findByIdForUpdate: (id: IncidentId) => incidents.find((incident) => incident.id === id),
      nextNumber: Ref.updateAndGet(numbers, (n) => n + 1),
      insert: incidents.insert,
      update: incidents.replace,
      list: (status: IncidentStatus, page: Page) =>
        Effect.map(incidents.filter((incident) => incident.status === status), (rows) =>
          pageOf(
            status === "OPEN"
              ? [...rows].sort(incidentBoardOrder)
              : [...rows].sort((a, b) => (b.closedAt?.epochMilliseconds ?? 0) - (a.closedAt?.epochMilliseconds ?? 0) || b.number - a.number),
            page
          ))
    }
  })
)

export const InMemoryCrewMemberships = Layer.effect(
  CrewMemberships,
  InMemoryDatabase.useSync((db) => {
    const crew = table<CrewMembership>(db, CREW_TABLE)
    return {
      findByIdForUpdate: (id: CrewMemberId) => crew.find((membership) => membership.id === id),
      currentOf: (userId: AccountId) => crew.find((membership) => membership.userId === userId && membership.leftAt === null),
      currentOfUnit: (unitId: UnitId) => crew.filter((membership) => membership.unitId === unitId && membership.leftAt === null),
      insert: (membership: CrewMembership) =>
        Effect.flatMap(crew.rows, (rows) =>
          rows.some((other) => other.userId === membership.userId && other.leftAt === null)
            ? Effect.succeed(false)
            : Effect.as(crew.insert(membership), true)),
      update: crew.replace
    }
  })
)

const crewUserOf = (account: Account, profiles: ReadonlyArray<StaffProfile>): CrewUser => {
  const staff = profiles.find((profile) => profile.accountId === account.id)
  return {
    id: account.id,
    displayName: account.displayName,
    identity: account.identity,
    platform: account.platform,
    staff: staff === undefined ? null : { id: staff.id, active: staff.active }
  }
}

export const InMemoryCrewDirectory = Layer.effect(
  CrewDirectory,
  InMemoryDatabase.useSync((db) => {
    const people = Effect.all({ accounts: db.rows<Account>(ACCOUNTS_TABLE), profiles: db.rows<StaffProfile>(STAFF_PROFILES_TABLE) })
    const withUsers = (memberships: ReadonlyArray<CrewMembership>) =>
      Effect.map(people, ({ accounts, profiles }) =>
        memberships.map((membership): CrewMember => {
          const account = accounts.find((candidate) => candidate.id === membership.userId)
          if (account === undefined) throw new Error(`crew membership ${membership.id} names a missing account`)
          return { ...membership, user: crewUserOf(account, profiles) }
        }))
    return {
      person: (userId: AccountId) =>
        Effect.map(people, ({ accounts, profiles }) =>
          Option.map(Option.fromNullishOr(accounts.find((account) => account.id === userId)), (account) => ({
            user: crewUserOf(account, profiles),
            accountActive: account.status === "ACTIVE"
          }))),
      crewOf: (unitIds: ReadonlyArray<UnitId>) =>
        Effect.flatMap(db.rows<CrewMembership>(CREW_TABLE), (rows) =>
          withUsers(
            rows.filter((membership) => membership.leftAt === null && unitIds.includes(membership.unitId))
              .sort((a, b) => a.joinedAt.epochMilliseconds - b.joinedAt.epochMilliseconds || compareText(a.id, b.id))
          )),
      member: (id: CrewMemberId) =>
        Effect.flatMap(
          db.rows<CrewMembership>(CREW_TABLE),
          (rows) => Effect.map(withUsers(rows.filter((membership) => membership.id === id)), (found) => Option.fromNullishOr(found[0]))
        ),
      eligible: (search: string | undefined, page: Page) =>
        Effect.map(people, ({ accounts, profiles }) => {
          const needle = search?.toLowerCase()
          const users = accounts
            .filter((account) => account.status === "ACTIVE" && (needle === undefined || account.displayName.toLowerCase().includes(needle)))
            .map((account) => crewUserOf(account, profiles))
            .filter((user) => user.staff?.active === true)
            .sort((a, b) => compareText(a.displayName.toLowerCase(), b.displayName.toLowerCase()) || compareText(a.id, b.id))
          return pageOf(users, page)
        })
    }
  })
)

export const InMemoryCalls = Layer.effect(
  Calls,
  InMemoryDatabase.useSync((db) => {
    const calls = table<Call>(db, CALLS_TABLE)
    const oldestFirst = (a: Call, b: Call) => a.createdAt.epochMilliseconds - b.createdAt.epochMilliseconds || compareText(a.id, b.id)
    return {
      findById: (id: CallId) => calls.find((call) => call.id === id),
      findByIdForUpdate: (id: CallId) => calls.find((call) => call.id === id),
      findByGameCallNumberForUpdate: (callNumber: number) =>
        Effect.map(calls.filter((call) => call.gameCallNumber === callNumber), (rows) => Option.fromNullishOr([...rows].sort(oldestFirst).at(-1))),
      insert: calls.insert,
      update: calls.replace,
      ofIncident: (incidentId: IncidentId) => Effect.map(calls.filter((call) => call.incidentId === incidentId), (rows) => [...rows].sort(oldestFirst)),
      list: (status: CallStatus, page: Page) =>
        Effect.map(calls.filter((call) => call.status === status), (rows) => {
          const sorted = [...rows].sort(oldestFirst)
          return pageOf(status === "WAITING" ? sorted : sorted.reverse(), page)
        })
    }
  })
)

/** The game's call ends remembered while no waiting call carried their number (`HandledGameEvents.rememberCallEnd`). */
export const GAME_CALL_ENDS_TABLE = "game_call_ends"

interface RememberedCallEnd {
  readonly callNumber: number
  readonly endedAt: number
  readonly rememberedAt: DateTime.Utc
}

interface HandledGameEvent {
  readonly id: string
  readonly handledAt: DateTime.Utc
}

/** The game's events handled, by key, with when: `InMemoryTransactor` runs one transaction at a time, so a claim is a look and an insert. */
export const InMemoryHandledGameEvents = Layer.effect(
  HandledGameEvents,
  InMemoryDatabase.useSync((db) => {
    const handled = table<HandledGameEvent>(db, HANDLED_GAME_EVENTS_TABLE)
    return {
      claim: (key: string) =>
        Effect.gen(function*() {
          if (Option.isSome(yield* handled.find((row) => row.id === key))) return false
          yield* handled.insert({ id: key, handledAt: yield* DateTime.now })
          return true
        }),
      forgetBefore: (cutoff: DateTime.Utc) =>
        Effect.gen(function*() {
          const before = (yield* handled.rows).length
          yield* db.update<HandledGameEvent>(HANDLED_GAME_EVENTS_TABLE, (rows) => rows.filter((row) => !DateTime.isLessThan(row.handledAt, cutoff)))
          yield* db.update<RememberedCallEnd>(GAME_CALL_ENDS_TABLE, (rows) => rows.filter((row) => !DateTime.isLessThan(row.rememberedAt, cutoff)))
          return before - (yield* handled.rows).length
        }),
      rememberCallEnd: (callNumber: number, endedAt: number) =>
        Effect.flatMap(
          DateTime.now,
          (rememberedAt) =>
            db.update<RememberedCallEnd>(GAME_CALL_ENDS_TABLE, (rows) =>
              rows.some((row) => row.callNumber === callNumber && row.endedAt === endedAt) ? rows : [...rows, { callNumber, endedAt, rememberedAt }])
        ),
      takeCallEnd: (callNumber: number, startedAt: number) =>
        Effect.gen(function*() {
          const ended = (row: RememberedCallEnd) => row.callNumber === callNumber && row.endedAt >= startedAt
          const found = (yield* db.rows<RememberedCallEnd>(GAME_CALL_ENDS_TABLE)).some(ended)
          if (found) yield* db.update<RememberedCallEnd>(GAME_CALL_ENDS_TABLE, (rows) => rows.filter((row) => !ended(row)))
          return found
        })
    }
  })
)

const actorView = (actor: Actor, accounts: ReadonlyArray<Account>): CadEventView["actor"] =>
  actor.type === "service"
    ? { serviceId: actor.id as never }
    : { id: actor.id as AccountId, displayName: accounts.find((account) => account.id === actor.id)?.displayName ?? "" }

export const InMemoryCadHistory = Layer.effect(
  CadHistory,
  InMemoryDatabase.useSync((db) => ({
    append: (event: NewCadEvent) =>
      Effect.gen(function*() {
        const stored: CadEvent = { ...event, seq: (yield* db.rows<CadEvent>(CAD_EVENTS_TABLE)).length + 1 }
        yield* db.insert(CAD_EVENTS_TABLE, stored)
        return stored
      }),
    latestSeq: Effect.map(db.rows<CadEvent>(CAD_EVENTS_TABLE), (rows) => rows.length),
    list: (filter: CadEventFilter, page: Page) =>
      Effect.gen(function*() {
        const accounts = yield* db.rows<Account>(ACCOUNTS_TABLE)
        const events = (yield* db.rows<CadEvent>(CAD_EVENTS_TABLE)).filter(matchesFilter(filter))
        return pageOf(
          events.map((event) => cadEventView(event, actorView(event.actor, accounts))),
          page
        )
      })
  }))
)

/** Every CAD repository over the in-memory tables. */
export const InMemoryCadRepositories = Layer.mergeAll(
  InMemoryUnits,
  InMemoryIncidents,
  InMemoryCrewMemberships,
  InMemoryCrewDirectory,
  InMemoryCalls,
  InMemoryCadHistory,
  InMemoryHandledGameEvents
)
