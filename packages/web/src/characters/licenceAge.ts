import { ageAt, type CivilianStatus, type LicenceCategory, MINIMUM_LICENCE_AGE } from "@bluelight/core/civilians"
import type { DateTime } from "effect"

/** The categories a licence may hold, in the order they are offered. */
export const LICENCE_CATEGORIES: ReadonlyArray<LicenceCategory> = ["A", "B", "C", "D"]

/**
 * The API's rule for who may be issued a licence, worked out before applying: the holder is aged
 * `MINIMUM_LICENCE_AGE` or over on the day of issue (the core's `ageAt`, as the server counts
 * it), whichever the category. The API names one minimum age for every category, so a holder too
 * young is too young for each of them.
 */
export interface LicenceAge {
  /** Whole years on `today`. */
  readonly age: number
  readonly minimum: number
  /** The categories the holder is too young for today (every one, or none). */
  readonly tooYoungFor: ReadonlyArray<LicenceCategory>
  /** The first day they are old enough, `YYYY-MM-DD`. */
  readonly oldEnoughOn: string
}

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

/** The day someone born on `dateOfBirth` turns `years`: a 29 February birthday falls on 1 March in other years. */
export const birthdayAt = (dateOfBirth: string, years: number): string => {
  const [year, month, day] = dateOfBirth.split("-").map(Number) as [number, number, number]
  const then = year + years
  const [m, d] = month === 2 && day === 29 && !isLeapYear(then) ? [3, 1] : [month, day]
  return `${String(then).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`
}

export const licenceAge = (dateOfBirth: string, today: DateTime.Utc): LicenceAge => {
  const age = ageAt(dateOfBirth, today)
  return {
    age,
    minimum: MINIMUM_LICENCE_AGE,
    tooYoungFor: age >= MINIMUM_LICENCE_AGE ? [] : LICENCE_CATEGORIES,
    oldEnoughOn: birthdayAt(dateOfBirth, MINIMUM_LICENCE_AGE)
  }
}

/** Only an active character can be given a licence or keep a vehicle (the API's rule). */
export const mayHoldDocuments = (status: CivilianStatus): boolean => status === "ACTIVE"
