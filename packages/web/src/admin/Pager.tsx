import { admin as words } from "../strings/index.js"

/** Where a list is: what the API answered about the page shown (`meta`). */
export interface PageMeta {
  readonly limit: number
  readonly offset: number
  readonly hasMore: boolean
}

/** Previous and Next for a list the API answers a page at a time, and which rows are shown. */
export const Pager = ({ meta, shown, label, onOffset }: {
  readonly meta: PageMeta
  readonly shown: number
  readonly label: string
  readonly onOffset: (offset: number) => void
}) => {
  if (meta.offset === 0 && !meta.hasMore) return null
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" disabled={meta.offset === 0} onClick={() => onOffset(Math.max(0, meta.offset - meta.limit))}>{words.previous}</button>
      <span className="muted">{words.pageOf(shown === 0 ? 0 : meta.offset + 1, meta.offset + shown)}</span>
      <button type="button" disabled={!meta.hasMore} onClick={() => onOffset(meta.offset + meta.limit)}>{words.next}</button>
    </nav>
  )
}
