import { describe, expect, it } from "vitest"
import { allPages, newestEntries } from "../../src/control/paging.js"

/** A history of `count` entries (seq 1..count) read as `GET /api/cad/events` reads it, counting the reads. */
const history = (count: number) => {
  let reads = 0
  const read = async ({ after, offset, limit }: { after: number; offset: number; limit: number }) => {
    reads++
    const start = after + offset
    const data = Array.from({ length: Math.max(0, Math.min(limit, count - start)) }, (_, i) => ({ seq: start + i + 1 }))
    return { data, meta: { hasMore: start + limit < count } }
  }
  return { read, reads: () => reads }
}

describe("reading every page of a list", () => {
  it("follows the pages to the end with the largest limit", async () => {
    const asked: Array<number> = []
    const items = await allPages(async ({ limit, offset }) => {
      asked.push(offset)
      expect(limit).toBe(100)
      const data = Array.from({ length: Math.max(0, Math.min(limit, 250 - offset)) }, (_, i) => offset + i)
      return { data, meta: { hasMore: offset + limit < 250 } }
    })
    expect(items).toHaveLength(250)
    expect(asked).toEqual([0, 100, 200])
  })
})

describe("finding the newest CAD entries", () => {
  it.each([0, 1, 60, 100, 101, 2_345, 10_000, 10_001, 54_321])("finds the last seq of %i entries, and the page before it, in few reads", async (count) => {
    const h = history(count)
    const { entries, seq } = await newestEntries(h.read)
    expect(seq).toBe(count)
    expect(entries.at(-1)?.seq ?? 0).toBe(count)
    expect(entries.length).toBe(Math.min(count, 100))
    expect(h.reads()).toBeLessThanOrEqual(25)
  })

  it("reads one page for a short history", async () => {
    const h = history(30)
    await newestEntries(h.read)
    expect(h.reads()).toBeLessThanOrEqual(2)
  })
})
