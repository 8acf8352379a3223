import { recordChangeBy } from "../cad/index.js"
import { type Actor, type AuditAction, AuditLog, withoutInvisibles, withoutUnsafeCharacters } from "../kernel/index.js"
import type { GameLocation } from "./LiveSnapshot.js"

/**
 * What the game's event handlers share: who acts for the game, how a change
 * they make is recorded, and how the game's text is made fit for CAD's fields.
 */

/** Who acts when the game itself did something (an emergency call, a command nobody could be found for): history shows `{serviceId: "game"}`. */
export const GAME_ACTOR: Actor = { type: "service", id: "game" }

/** A person acting from the game's chat, by their linked account. */
export const personActor = (accountId: string): Actor => ({ type: "user", id: accountId })

/** A change the game's events make, recorded as `cad/history.ts` records every CAD change, by `actor`. */
export const recordAs = recordChangeBy

/** An audit entry alone (a command ignored or refused), in the caller's transaction. */
export const auditAs = (actor: Actor, action: AuditAction, target: { readonly type: string; readonly id: string | null }, data: Record<string, unknown>) =>
  AuditLog.use((log) => log.record({ action, actor, targetType: target.type, targetId: target.id, data }))

/**
 * The game's free text as one line CAD's text rules accept: unsafe and
 * invisible characters dropped, line breaks and runs of white space read as
 * one space, trimmed, NFC, and cut to `max` characters without splitting a
 * character. Empty when nothing is left; the game's text is cleaned, never refused.
 */
export const gameText = (text: string | null | undefined, max: number): string => {
  if (text === null || text === undefined) return ""
  const oneLine = withoutInvisibles(withoutUnsafeCharacters(text).replace(/[\s\p{Zl}\p{Zp}]+/gu, " ")).replace(/ {2,}/g, " ").trim().normalize("NFC")
  if (oneLine.length <= max) return oneLine
  let cut = ""
  for (const char of oneLine) {
    if (cut.length + char.length > max) break
    cut += char
  }
  return cut.trim()
}

/** A place as CAD writes it from the game's map: the street and the postal code (`Park Street, 218`); empty when the game named neither. */
export const streetAndPostal = (location: GameLocation): string =>
  gameText([gameText(location.streetName, 200), gameText(location.postalCode, 200)].filter((part) => part !== "").join(", "), 200)
