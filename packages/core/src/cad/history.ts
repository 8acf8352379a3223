import { Effect, Option, Stream } from "effect"
import { AccessWatch, actorOf, type Caller, requires } from "../identity/index.js"
import { type Actor, checkedPage, inTransaction, newId, type Page, recordInHistory, type Transactor } from "../kernel/index.js"
import { type CadChange, type CadEventFilter, type CadEventView, matchesFilter } from "./CadEvent.js"
import { CadEventId } from "./ids.js"
import { CadFeed, CadHistory } from "./ports.js"

/** `UNIT_STATUS_CHANGED` → `unit.status.changed`, in types. */
type Dotted<T extends string> = T extends `${infer Head}_${infer Rest}` ? `${Lowercase<Head>}.${Dotted<Rest>}` : Lowercase<T>

/**
 * The audit actions that are not their history type dotted: a panic is
 * audited `cad.panic`, as the contract names it, though its history type
 * says what happened (`PANIC_RAISED`).
 */
const NAMED_ACTIONS = { PANIC_RAISED: "cad.panic" } as const

/** The audit action of a history type, in types: `NAMED_ACTIONS`'s, else the type dotted. */
type AuditActionOf<T extends string> = T extends keyof typeof NAMED_ACTIONS ? (typeof NAMED_ACTIONS)[T] : `cad.${Dotted<T>}`

/**
 * `UNIT_STATUS_CHANGED` → `cad.unit.status.changed`: the audit action of a
 * history type (`PANIC_RAISED` → `cad.panic`, `NAMED_ACTIONS`). Its type is
 * the same derivation, made by the type checker, so `recordChange` proves
 * every CAD action is in `AUDIT_ACTIONS`; a core test proves the string made
 * here is the one the type names.
 */
export const auditActionOf = <T extends CadChange["type"]>(type: T): AuditActionOf<T> =>
  // The runtime derivation of the type above: a template literal type cannot be produced without this assertion.
  (type in NAMED_ACTIONS ? NAMED_ACTIONS[type as keyof typeof NAMED_ACTIONS] : `cad.${type.toLowerCase().split("_").join(".")}`) as AuditActionOf<T>

/**
 * Writes one change to the CAD history and the audit log (`recordInHistory`,
 * inside the change's transaction), its audit action derived from its type.
 */
export const recordChange = (caller: Caller, change: CadChange, target: { readonly type: string; readonly id: string }) =>
  recordChangeBy(actorOf(caller), change, target)

/**
 * `recordChange` for an actor that is no API caller: the game itself, or a
 * crew member acting from the game's chat (`game/`).
 */
export const recordChangeBy = (actor: Actor, change: CadChange, target: { readonly type: string; readonly id: string }) =>
  recordInHistory(
    actor,
    (stamp) => Effect.flatMap(newId(CadEventId), (id) => CadHistory.use((history) => history.append({ ...change, id, ...stamp }))),
    {
      action: auditActionOf(change.type),
      targetType: target.type,
      targetId: target.id,
      data: { ...change.data, incidentId: change.incidentId, unitId: change.unitId, callId: change.callId }
    }
  )

/**
 * How every CAD write runs: `change` as one transaction (its writes, history
 * and audit entries commit together), then, once committed, word to the live
 * feed that history was (the feed reads it from the store, so a lost word
 * costs only latency: the next one, or the next heartbeat, brings it).
 */
export const commitAndPublish = <A, E, R>(change: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | Transactor | CadFeed> =>
  Effect.tap(inTransaction(change), () => CadFeed.use((feed) => feed.committed))

/** `GET /cad/events`: oldest first, after a `seq`, about an incident or a unit. */
export const listCadEvents = Effect.fn("cad.listCadEvents")(function*(filter: CadEventFilter, requested: Page) {
  const page = yield* checkedPage(requested)
  return yield* CadHistory.use((history) => history.list(filter, page))
}, requires("cad.view"))

/**
 * The history for a live reader: first what was committed after `from`
 * (page by page), then each entry as it is committed, never one twice nor
 * out of order. It subscribes before reading the backlog, so nothing
 * committed in between is missed; what both bring is dropped by `seq`.
 */
export const followCadEvents = (from: number | undefined, filter: Omit<CadEventFilter, "after">) =>
  Effect.gen(function*() {
    const live = yield* CadFeed.use((feed) => feed.subscribe)
    const history = yield* CadHistory
    const access = yield* AccessWatch
    // Without a cursor, from what is committed now on (read after subscribing, so nothing falls between).
    const after = from ?? (yield* history.latestSeq)
    const backlog = Stream.paginate(after, (cursor) =>
      // Each page read, the access watch catches up before the page goes out, as the live feed does.
      Effect.map(Effect.tap(history.list({ ...filter, after: cursor }, { limit: BACKLOG_PAGE, offset: 0 }), () => access.catchUp), (page) => {
        const last = page.items.at(-1)
        return [page.items, page.meta.hasMore && last !== undefined ? Option.some(last.seq) : Option.none<number>()] as const
      }))
    const wanted = matchesFilter(filter)
    // This follower's own cursor: an entry passes once, after every entry before it.
    let last = after
    const fresh = (event: CadEventView) => {
      if (event.seq <= last) return false
      last = event.seq
      return true
    }
    return Stream.filter(Stream.concat(backlog, Stream.filter(live, wanted)), fresh)
  }).pipe(requires("cad.view"))

const BACKLOG_PAGE = 100
