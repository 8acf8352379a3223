import { type Effect, Schema } from "effect"
import type { InvalidInput } from "./errors.js"
import { IntegerBetween } from "./integer.js"
import { validated } from "./validated.js"

/** Page size bounds of every list: 1 to 100, 25 by default. */
export const PAGE_LIMIT = { min: 1, max: 100, default: 25 } as const
/** Offset bounds of every list: 0 to 10000, 0 by default. */
export const PAGE_OFFSET = { min: 0, max: 10_000, default: 0 } as const

/** Which slice of a list a caller asked for. */
export interface Page {
  readonly limit: number
  readonly offset: number
}

/** One of a page's numbers: a whole number within its bounds, one problem whatever is wrong with it (as the contract words it). */
const bounded = (name: string, bounds: { readonly min: number; readonly max: number }) =>
  Schema.Number.check(
    Schema.makeFilter(
      (n: number) => (Number.isSafeInteger(n) && n >= bounds.min && n <= bounds.max) || `${name} must be an integer from ${bounds.min} to ${bounds.max}`,
      undefined,
      true
    )
  )

/** A page as every list bounds it (the contract's `limit` and `offset` say the same, from the same bounds). */
export const PageBounds = Schema.Struct({ limit: bounded("limit", PAGE_LIMIT), offset: bounded("offset", PAGE_OFFSET) })

/**
 * The page a list use case was asked for, held to `PageBounds`: a caller that
 * skipped the contract is held to them too (a negative or huge page is
 * `INVALID_INPUT`, never a failed or unbounded read).
 */
export const checkedPage: (page: Page) => Effect.Effect<Page, InvalidInput> = validated(PageBounds, "The page is not valid")

/** What every list answers beside its items. */
export const PageMeta = Schema.Struct({
  limit: IntegerBetween({ min: PAGE_LIMIT.min, max: PAGE_LIMIT.max }),
  offset: IntegerBetween({ min: PAGE_OFFSET.min, max: PAGE_OFFSET.max }),
  hasMore: Schema.Boolean
}).annotate({ identifier: "PageMeta" })
export type PageMeta = typeof PageMeta.Type

/** A page of results: its items and the meta every list answers (what every repository's `list` gives back). */
export interface PageOf<A> {
  readonly items: ReadonlyArray<A>
  readonly meta: PageMeta
}

/**
 * A repository fetches `limit + 1` rows; this turns them into the page and
 * its meta without a count query.
 */
export const toPage = <A>(rows: ReadonlyArray<A>, page: Page): PageOf<A> => ({
  items: rows.slice(0, page.limit),
  meta: { limit: page.limit, offset: page.offset, hasMore: rows.length > page.limit }
})
