import { Effect, Random } from "effect"
import type { Civilian } from "./Civilian.js"

const CHECK_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"

/** Upper-case A to Z only: accents dropped, everything else removed. */
const lettersOf = (text: string): string => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase().replace(/[^A-Z]/g, "")

/**
 * The fixed part of a UK-pattern driving licence number: surname (5, padded
 * with 9), decade of birth, birth month (+50 for `FEMALE`), birth day, year
 * of birth's last digit, initials of the forenames (2, padded with 9). The
 * surname is the last word of the full name.
 */
export const licenceNumberStem = (civilian: Pick<Civilian, "fullName" | "dateOfBirth" | "gender">): string => {
  const words = civilian.fullName.trim().split(/\s+/).map(lettersOf).filter((word) => word.length > 0)
  const surname = (words.at(-1) ?? "").slice(0, 5).padEnd(5, "9")
  const initials = words.slice(0, -1).map((word) => word[0]).join("").slice(0, 2).padEnd(2, "9")
  const [year, month, day] = civilian.dateOfBirth.split("-") as [string, string, string]
  const monthCode = String(Number(month) + (civilian.gender === "FEMALE" ? 50 : 0)).padStart(2, "0")
  return `${surname}${year[2]}${monthCode}${day}${year[3]}${initials}`
}

/**
 * The randomised tail: a digit and two check letters, from `Random` (seeded in
 * tests). Each draw excludes its upper bound (`halfOpen`): the bounds are a
 * count, not the last value.
 */
export const licenceNumberTail: Effect.Effect<string> = Effect.gen(function*() {
  const digit = yield* Random.nextIntBetween(0, 10, { halfOpen: true })
  const first = yield* Random.nextIntBetween(0, CHECK_LETTERS.length, { halfOpen: true })
  const second = yield* Random.nextIntBetween(0, CHECK_LETTERS.length, { halfOpen: true })
  return `${digit}${CHECK_LETTERS[first]}${CHECK_LETTERS[second]}`
})

/** A candidate number for the character; a clash with an existing one is retried (`issueLicence`). */
export const candidateLicenceNumber = (civilian: Pick<Civilian, "fullName" | "dateOfBirth" | "gender">) =>
  Effect.map(licenceNumberTail, (tail) => `${licenceNumberStem(civilian)}${tail}`)

/** How many numbers are tried before `LICENCE_NUMBER_UNAVAILABLE`. */
export const LICENCE_NUMBER_ATTEMPTS = 5
