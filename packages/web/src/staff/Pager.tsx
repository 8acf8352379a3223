import { staff as words } from "../strings/index.js"

/** Previous and next page of an offset-paged list, and which rows are shown. */
export const Pager = (
  { offset, size, shown, hasMore, onMove }: {
    readonly offset: number
    readonly size: number
    readonly shown: number
    readonly hasMore: boolean
    readonly onMove: (offset: number) => void
  }
) => {
  if (offset === 0 && !hasMore) return null
  return (
    <div className="actions pager">
      <button type="button" disabled={offset === 0} onClick={() => onMove(Math.max(0, offset - size))}>{words.previous}</button>
      <span className="muted">{words.pageOf(shown === 0 ? 0 : offset + 1, offset + shown)}</span>
      <button type="button" disabled={!hasMore} onClick={() => onMove(offset + size)}>{words.next}</button>
    </div>
  )
}
