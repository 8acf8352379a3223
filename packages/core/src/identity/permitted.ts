import { Effect } from "effect"
import type { Caller } from "./Caller.js"
import { checkAccess } from "./checkAccess.js"
import type { Forbidden, Unauthenticated, UserRequired } from "./errors.js"
import type { AccessRule, Permission } from "./permissions.js"

declare const PermittedTypeId: unique symbol

/**
 * Proof, in an effect's requirements, that whoever it runs for was admitted
 * under a rule naming `Key` (in the style of Effect-TS/examples' `Policy.ts`).
 * It lives in types only: no service is ever provided under it. A use case
 * marks what it needs with `requires(...)`, and the requirement is taken
 * away only by what checks a rule naming the key: `admitted` (a tool or a
 * test calling the core), the server's access middleware (an endpoint whose
 * declared rule names the key; `@bluelight/api`'s `allow`), or `trusted` (the
 * server's own work, which no caller asked for). So a use case cannot be run
 * without its access check by forgetting to make it: the effect does not
 * type-check as runnable.
 */
export interface Permitted<Key extends Permission> {
  readonly [PermittedTypeId]: Key
}

/** One proof per key (`Permitted<"a"> | Permitted<"b">`), so that a missing one is named on its own. */
export type PermittedFor<Keys extends Permission> = Keys extends Permission ? Permitted<Keys> : never

/**
 * Every proof a rule's admission gives: one per key of its `permissions`,
 * as the rule's type names them. A rule whose type is only `AccessRule`
 * (read from the contract at run time, say) names no key in particular, and
 * proves nothing: the checker cannot tell which keys it holds.
 */
export type ProvedBy<Rule extends AccessRule> = [Permission] extends [Rule["permissions"][number]] ? never
  : PermittedFor<Rule["permissions"][number]>

/** What checking a rule can refuse. */
export type AccessRefusal = Unauthenticated | UserRequired | Forbidden

/**
 * A use case's mark (the last argument of its `Effect.fn`): it runs only for
 * a caller admitted under a rule naming each of `keys`. Types only; the
 * effect is returned as it is.
 *
 *   export const assignUnit = Effect.fn("cad.assignUnit")(function*(caller, input) { … }, requires("cad.view", "cad.dispatch"))
 */
export const requires =
  <const Keys extends ReadonlyArray<Permission>>(..._keys: Keys) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | PermittedFor<Keys[number]>> => effect

/**
 * Runs `effect` once `caller` is admitted under `rule` (`checkAccess`: a
 * caller at all, a person where the rule says `session`, every permission
 * or a key of its alternative), failing as the server would answer
 * otherwise; the proofs the rule gives are taken from its requirements.
 * What a tool or a harness calling the core uses:
 *
 *   closeCall(caller, id, reason).pipe(admitted({ access: "session-or-credential", permissions: ["cad.view", "cad.calls.manage"] }, caller))
 */
export const admitted =
  <const Rule extends AccessRule>(rule: Rule, caller: Caller | null) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | AccessRefusal, Exclude<R, ProvedBy<Rule>>> =>
    // The rule is checked before `effect` runs: the proofs it gives hold from there on.
    Effect.andThen(checkAccess(rule, caller), effect) as never

/**
 * The server's own work, which no caller asked for and no rule admits (the
 * game's events acting as the game, a background worker): every proof is
 * taken away. Each use is a decision, stated where it is made.
 */
export const trusted = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, Exclude<R, Permitted<Permission>>> => effect as never
