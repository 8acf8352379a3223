import { Context, type Effect, type Option as O, type Scope, type Stream } from "effect"
import type { AccountId } from "../identity/index.js"
import type { Page, PageOf } from "../kernel/index.js"
import type { CadEvent, CadEventFilter, CadEventView, NewCadEvent } from "./CadEvent.js"
import type { Call, CallStatus } from "./Call.js"
import type { CrewMember, CrewMembership, CrewUser } from "./Crew.js"
import type { CallId, CrewMemberId, IncidentId, UnitId } from "./ids.js"
import type { Incident, IncidentStatus } from "./Incident.js"
import type { Unit } from "./Unit.js"

/**
 * CAD's repositories. They store and find; the rules live in the use cases.
 * Infrastructure failures are defects. Writes run inside the caller's
 * transaction; a `…ForUpdate` finder locks the record until it ends. Records
 * that a use case locks together are locked in one order: incident, unit,
 * crew membership, call (by kind, then by id).
 */
export class Units extends Context.Service<Units, {
  readonly findById: (id: UnitId) => Effect.Effect<Option<Unit>>
  readonly findByIdForUpdate: (id: UnitId) => Effect.Effect<Option<Unit>>
  /** The units attending an incident, locked, by id. */
  readonly attendingForUpdate: (incidentId: IncidentId) => Effect.Effect<ReadonlyArray<Unit>>
  /** The units attending an incident, by callsign. */
  readonly attending: (incidentId: IncidentId) => Effect.Effect<ReadonlyArray<Unit>>
  /** Answers `false`, storing nothing, when another unit has the callsign (the same `callsignKey`). */
  readonly insert: (unit: Unit) => Effect.Effect<boolean>
  /** Answers `false`, changing nothing, when another unit has the new callsign; the transaction stays usable. */
  readonly update: (unit: Unit) => Effect.Effect<boolean>
  /** By callsign ignoring case, then id. */
  readonly list: (page: Page) => Effect.Effect<PageOf<Unit>>
}>()("@bluelight/core/cad/Units") {}

export class Incidents extends Context.Service<Incidents, {
  readonly findById: (id: IncidentId) => Effect.Effect<Option<Incident>>
  readonly findByIdForUpdate: (id: IncidentId) => Effect.Effect<Option<Incident>>
  /** The next incident number, from a sequence (never reused, even if the transaction rolls back). */
  readonly nextNumber: Effect.Effect<number>
  readonly insert: (incident: Incident) => Effect.Effect<void>
  readonly update: (incident: Incident) => Effect.Effect<void>
  /** `OPEN`: by priority, then number. `CLOSED`: newest closed first. */
  readonly list: (status: IncidentStatus, page: Page) => Effect.Effect<PageOf<Incident>>
}>()("@bluelight/core/cad/Incidents") {}

export class CrewMemberships extends Context.Service<CrewMemberships, {
  readonly findByIdForUpdate: (id: CrewMemberId) => Effect.Effect<Option<CrewMembership>>
  /** The person's membership that has not ended, if any. */
  readonly currentOf: (userId: AccountId) => Effect.Effect<Option<CrewMembership>>
  /** The memberships of a unit that have not ended. */
  readonly currentOfUnit: (unitId: UnitId) => Effect.Effect<ReadonlyArray<CrewMembership>>
  /**
   * Answers `false`, storing nothing, when the person already has a
   * membership that has not ended (enforced by the store, so two parallel
   * adds give one).
   */
  readonly insert: (membership: CrewMembership) => Effect.Effect<boolean>
  readonly update: (membership: CrewMembership) => Effect.Effect<void>
}>()("@bluelight/core/cad/CrewMemberships") {}

/** People as crew lists and the crew picker show them, each in one read. */
export class CrewDirectory extends Context.Service<CrewDirectory, {
  /** The person, and whether their account is active; none when no such account. */
  readonly person: (userId: AccountId) => Effect.Effect<Option<{ readonly user: CrewUser; readonly accountActive: boolean }>>
  /** The current crew of each unit, with their people, by joining time. */
  readonly crewOf: (unitIds: ReadonlyArray<UnitId>) => Effect.Effect<ReadonlyArray<CrewMember>>
  /** One membership (ended or not) with its person. */
  readonly member: (id: CrewMemberId) => Effect.Effect<Option<CrewMember>>
  /** Active staff on active accounts, by display name ignoring case, then id; `search` a case-insensitive part of it. */
  readonly eligible: (search: string | undefined, page: Page) => Effect.Effect<PageOf<CrewUser>>
}>()("@bluelight/core/cad/CrewDirectory") {}

export class Calls extends Context.Service<Calls, {
  readonly findById: (id: CallId) => Effect.Effect<Option<Call>>
  readonly findByIdForUpdate: (id: CallId) => Effect.Effect<Option<Call>>
  /**
   * The newest call the game's emergency call `callNumber` became, locked
   * (the game may number calls again after a restart), and the number
   * itself locked, with a call or none: of two transactions asking for one
   * number, the second waits for the first to end and finds what it made.
   */
  readonly findByGameCallNumberForUpdate: (callNumber: number) => Effect.Effect<Option<Call>>
  readonly insert: (call: Call) => Effect.Effect<void>
  readonly update: (call: Call) => Effect.Effect<void>
  /** The calls attached to an incident, oldest first. */
  readonly ofIncident: (incidentId: IncidentId) => Effect.Effect<ReadonlyArray<Call>>
  /** `WAITING`: oldest first. Others: newest first. */
  readonly list: (status: CallStatus, page: Page) => Effect.Effect<PageOf<Call>>
}>()("@bluelight/core/cad/Calls") {}

/**
 * The append-only CAD history. `append` runs inside the change's
 * transaction and gives the entry the next `seq`; entries become visible in
 * `seq` order (an entry with a lower `seq` is never committed after one with
 * a higher), so `after` is a safe cursor.
 */
export class CadHistory extends Context.Service<CadHistory, {
  readonly append: (event: NewCadEvent) => Effect.Effect<CadEvent>
  /** The `seq` of the newest entry (0 with none). */
  readonly latestSeq: Effect.Effect<number>
  /** Oldest first (by `seq`). */
  readonly list: (filter: CadEventFilter, page: Page) => Effect.Effect<PageOf<CadEventView>>
}>()("@bluelight/core/cad/CadHistory") {}

/**
 * Word that CAD history may have grown elsewhere (another instance
 * committed). The in-process feed reads the history after each signal; with
 * no other instance possible (the embedded database) it never signals.
 */
export class CadSignals extends Context.Service<CadSignals, {
  readonly signals: Stream.Stream<void>
}>()("@bluelight/core/cad/CadSignals") {}

/** The live CAD history: entries as they are committed, in `seq` order. */
export class CadFeed extends Context.Service<CadFeed, {
  /** Says that this process committed history: read it now. */
  readonly committed: Effect.Effect<void>
  /** Entries committed from now on, for as long as the scope lasts. */
  readonly subscribe: Effect.Effect<Stream.Stream<CadEventView>, never, Scope.Scope>
}>()("@bluelight/core/cad/CadFeed") {}

type Option<A> = O.Option<A>

/**
 * Places for open CAD streams, counted per caller: across the instances
 * sharing a store (Redis), or in this process. A place is held for as long as
 * the scope that took it lasts; one an instance left behind by crashing is
 * given back within `STREAM_SLOT_LEASE`.
 */
export class StreamSlots extends Context.Service<StreamSlots, {
  readonly take: (key: string, limit: number) => Effect.Effect<boolean, never, Scope.Scope>
}>()("@bluelight/core/cad/StreamSlots") {}
