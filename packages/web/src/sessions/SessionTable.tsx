import { Time } from "../ui/Time.js"
import { sessions as words } from "../strings/index.js"
import type { RoleplaySession, SessionMove } from "./queries.js"

export interface SessionActions {
  readonly mayManage: boolean
  readonly hostName: (session: RoleplaySession) => string | null
  readonly busy: boolean
  readonly move: (session: RoleplaySession, move: SessionMove) => void
}

/** The moves a session's status allows: start or cancel a scheduled one, end a live one. */
const movesOf = (session: RoleplaySession): ReadonlyArray<SessionMove> =>
  session.status === "SCHEDULED" ? ["start", "cancel"] : session.status === "LIVE" ? ["end"] : []

const moveLabel = { start: words.startNamed, end: words.endNamed, cancel: words.cancelNamed }
const moveText = { start: words.start, end: words.end, cancel: words.cancel }

/** The status in a word and a colour. */
export const SessionStatus = ({ session }: { readonly session: RoleplaySession }) => (
  <span className={`badge session-${session.status}`}>{words.status[session.status]}</span>
)

/** The buttons of the moves the session allows now (`sessions.manage`). */
export const SessionMoves = ({ session, actions }: { readonly session: RoleplaySession; readonly actions: SessionActions }) => {
  if (!actions.mayManage) return null
  return (
    <div className="session-moves">
      {movesOf(session).map((move) => (
        <button
          key={move}
          type="button"
          className={move === "start" ? "primary" : move === "cancel" ? "danger" : undefined}
          aria-label={moveLabel[move](session.title)}
          disabled={actions.busy}
          onClick={() => actions.move(session, move)}
        >
          {moveText[move]}
        </button>
      ))}
    </div>
  )
}

/** One list of sessions (live, upcoming or past) as a table. */
export const SessionTable = (
  { title, sessions, empty, actions }: {
    readonly title: string
    readonly sessions: ReadonlyArray<RoleplaySession>
    readonly empty: string
    readonly actions: SessionActions
  }
) => {
  const headingId = `sessions-${title.toLowerCase()}`
  return (
    <section aria-labelledby={headingId} className="panel">
      <h2 id={headingId}>{title}</h2>
      {sessions.length === 0 ? <p className="muted">{empty}</p> : (
        <table className="sessions-table">
          <thead>
            <tr>
              <th scope="col">{words.sessionTitle}</th>
              <th scope="col">{words.when}</th>
              <th scope="col">{words.statusHeading}</th>
              <th scope="col">{words.host}</th>
              {actions.mayManage && (
                <th scope="col">
                  <span className="visually-hidden">{words.actions}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => (
              <tr key={session.id}>
                <th scope="row">
                  {session.title}
                  {session.description !== null && <p className="muted session-description">{session.description}</p>}
                </th>
                <td>
                  <Time at={session.scheduledFor} />
                </td>
                <td>
                  <SessionStatus session={session} />
                </td>
                <td>{actions.hostName(session) ?? "—"}</td>
                {actions.mayManage && (
                  <td>
                    <SessionMoves session={session} actions={actions} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
