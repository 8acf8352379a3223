/** One page of a list as the API answers it. */
export interface Paged<A> {
  readonly data: ReadonlyArray<A>
  readonly meta: { readonly hasMore: boolean }
}

/** The most a list answers at once (`limit`), and the furthest `offset` it takes (the contract's `PAGE_LIMIT` and `PAGE_OFFSET`). */
export const PAGE_LIMIT = 100
export const MAX_OFFSET = 10_000

/** Every item of a list, page after page of the most it answers, until it says there are no more. */
export const allPages = async <A>(read: (page: { readonly limit: number; readonly offset: number }) => Promise<Paged<A>>): Promise<ReadonlyArray<A>> => {
  const items: Array<A> = []
  for (let offset = 0;; offset += PAGE_LIMIT) {
    const page = await read({ limit: PAGE_LIMIT, offset })
    items.push(...page.data)
    if (!page.meta.hasMore || page.data.length === 0 || offset + PAGE_LIMIT > MAX_OFFSET) return items
  }
}

/**
 * The newest entries of a history listed oldest first after a `seq` (`GET /api/cad/events`), and the
 * last `seq`, in few reads: jump `MAX_OFFSET` entries at a time while there are more, then halve the
 * gap to find the last full page, and read it. `read` answers the page `after` a `seq`, at an `offset`.
 * A history of one page costs one read; of a hundred thousand entries, about twenty.
 */
export const newestEntries = async <A extends { readonly seq: number }>(
  read: (query: { readonly after: number; readonly offset: number; readonly limit: number }) => Promise<Paged<A>>
): Promise<{ readonly entries: ReadonlyArray<A>; readonly seq: number }> => {
  let after = 0
  // Far jumps: while the entry `MAX_OFFSET` on exists, start after it.
  for (;;) {
    const far = await read({ after, offset: MAX_OFFSET, limit: 1 })
    const entry = far.data[0]
    if (entry === undefined) break
    if (!far.meta.hasMore) {
      return tailUpTo(read, entry.seq)
    }
    after = entry.seq
  }
  // Fewer than MAX_OFFSET entries after `after`: the page holding the last one, by halving.
  let low = 0
  let high = MAX_OFFSET
  let last: Paged<A> = await read({ after, offset: 0, limit: PAGE_LIMIT })
  if (!last.meta.hasMore) return { entries: last.data, seq: last.data.at(-1)?.seq ?? after }
  while (high - low > PAGE_LIMIT) {
    const middle = Math.floor((low + high) / 2)
    const page = await read({ after, offset: middle, limit: PAGE_LIMIT })
    if (page.data.length === 0) high = middle
    else {
      low = middle
      last = page
      if (!page.meta.hasMore) break
    }
  }
  if (last.meta.hasMore) {
    // The last page starts between `low` and `high`: the page before `high` ends the list.
    const page = await read({ after, offset: Math.max(low, high - PAGE_LIMIT), limit: PAGE_LIMIT })
    if (page.data.length > 0) last = page
  }
  return tailUpTo(read, last.data.at(-1)?.seq ?? after)
}

/** The page of entries ending at `seq` (the newest ones), read after `seq - PAGE_LIMIT`. */
const tailUpTo = async <A extends { readonly seq: number }>(
  read: (query: { readonly after: number; readonly offset: number; readonly limit: number }) => Promise<Paged<A>>,
  seq: number
): Promise<{ readonly entries: ReadonlyArray<A>; readonly seq: number }> => {
  const tail = await read({ after: Math.max(0, seq - PAGE_LIMIT), offset: 0, limit: PAGE_LIMIT })
  return { entries: tail.data, seq: Math.max(seq, tail.data.at(-1)?.seq ?? 0) }
}
