import type { UseQueryResult } from "@tanstack/react-query"
import { type ReactNode, useId } from "react"
import { moderation as words } from "../strings/index.js"
import { Time } from "../ui/Time.js"

/** What every live answer carries: when the game server was read, and how many in all for a list. */
export interface LiveAnswer {
  readonly meta: { readonly observedAt: Parameters<typeof Time>[0]["at"]; readonly total?: number }
}

/**
 * One panel of the live server: its heading, how many (announced politely as it changes) and when
 * the game server was read, the API's refusal (`GAME_UNAVAILABLE` says when to expect it back), and
 * the panel's own rendering of the answer.
 */
export const LivePanel = <A extends LiveAnswer>({ title, query, shown, wide, children }: {
  readonly title: string
  readonly query: UseQueryResult<A>
  /** How many entries the answer shows (a list), for "n entries"; none for a single record. */
  readonly shown?: (answer: A) => number
  readonly wide?: boolean
  readonly children: (answer: A) => ReactNode
}) => {
  const heading = useId()
  const answer = query.data
  return (
    <section className={`panel live-panel${wide === true ? " wide" : ""}`} aria-labelledby={heading}>
      <div className="live-head">
        <h2 id={heading}>{title}</h2>
        {answer !== undefined && (
          <p className="muted small live-meta">
            {/* How many is announced as it changes; the time read, changing every 10 seconds, is not. */}
            {shown !== undefined && <span aria-live="polite">{words.shown(shown(answer), answer.meta.total ?? shown(answer))}</span>}
            {shown !== undefined && " · "}
            {words.observed} <Time at={answer.meta.observedAt} />
          </p>
        )}
      </div>
      {query.error !== null && <p role="alert" className="form-problem">{query.error.message}</p>}
      {answer === undefined ? query.error === null && <p className="muted" role="status">{words.loading}</p> : children(answer)}
    </section>
  )
}

/** A list panel's table, or "None right now." when the list is empty. */
export const LiveTable = ({ caption, empty, head, children }: {
  readonly caption: string
  readonly empty: boolean
  readonly head: ReadonlyArray<string>
  readonly children: ReactNode
}) =>
  empty ? <p className="muted">{words.nothing}</p> : (
    <div className="table-scroll">
      <table className="dense">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{head.map((column) => <th key={column} scope="col">{column}</th>)}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
