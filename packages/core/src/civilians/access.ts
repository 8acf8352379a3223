import { Effect, Option } from "effect"
import type { Caller } from "../identity/index.js"
import { NotFound } from "../kernel/index.js"
import type { Civilian } from "./Civilian.js"

/** Whether the caller may act on any character, not only their own. */
export const managesAllCivilians = (caller: Caller): boolean => caller.permissions.has("civilians.manage")

/**
 * Whether the caller may know which member owns a character: only with
 * `civilians.manage`. The official person view shows `owner` on it, and the
 * PNC history names the member behind an owner's own change on it.
 */
export const mayKnowOwners = managesAllCivilians

/**
 * Whether the caller, changing a character through the portal, is its owner
 * (a member's own change, which the PNC history names to `civilians.manage`
 * only); a manager changing another member's character is not.
 */
export const isOwnersOwnChange = (caller: Caller, civilian: Pick<Civilian, "ownerId">): boolean =>
  caller._tag === "User" && caller.account.id === civilian.ownerId

/** A character the caller owns, or any with `civilians.manage`. */
export const mayActOn = (caller: Caller, civilian: Pick<Civilian, "ownerId">): boolean =>
  managesAllCivilians(caller) || (caller._tag === "User" && caller.account.id === civilian.ownerId && caller.permissions.has("civilians.manage_own"))

export const noSuchCharacter = new NotFound({ message: "No such character" })

/**
 * The character, when the caller may act on it; another member's character is
 * `NOT_FOUND`, as an absent one is, so that ids reveal nothing.
 */
export const ownedBy = (caller: Caller) => <A extends Pick<Civilian, "ownerId">>(found: Option.Option<A>): Effect.Effect<A, NotFound> =>
  Option.isSome(found) && mayActOn(caller, found.value) ? Effect.succeed(found.value) : Effect.fail(noSuchCharacter)
