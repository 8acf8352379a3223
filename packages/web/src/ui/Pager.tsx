/** A pager's words, from the room's strings. */
export interface PagerWords {
  readonly previous: string
  readonly next: string
  /** The rows shown ("Showing 26–50"); left out where the page says it elsewhere. */
  readonly pageOf?: (from: number, to: number) => string
}

/**
 * Previous and next page of a list the API answers a page at a time (`offset`, `limit`, `hasMore`),
 * and which rows are shown; nothing when everything fits on one page. Where the offset lives (the
 * address or the page's state) is the caller's: `onMove` is given the offset to show.
 */
export const Pager = ({ offset, size, shown, hasMore, label, words, onMove }: {
  readonly offset: number
  readonly size: number
  readonly shown: number
  readonly hasMore: boolean
  /** The navigation's name: what list it pages. */
  readonly label: string
  readonly words: PagerWords
  readonly onMove: (offset: number) => void
}) => {
  if (offset === 0 && !hasMore) return null
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" disabled={offset === 0} onClick={() => onMove(Math.max(0, offset - size))}>{words.previous}</button>
      {words.pageOf !== undefined && <span className="muted">{words.pageOf(shown === 0 ? 0 : offset + 1, offset + shown)}</span>}
      <button type="button" disabled={!hasMore} onClick={() => onMove(offset + size)}>{words.next}</button>
    </nav>
  )
}
