/**
 * The Sessions room (`/sessions`, `sessions.view`; scheduling and the moves with `sessions.manage`):
 * what is on tonight, then the live, upcoming and past sessions.
 *
 * Names the browser tests rely on (roles and accessible names; keep them exactly):
 * - heading "Sessions"; region "On tonight" (a list of today's scheduled and live sessions).
 * - form "Schedule a session": "Title", "Date and time" (datetime-local), "Description (optional)", button "Schedule".
 * - regions "Live", "Upcoming", "Past", each a table; per session the buttons "Start <title>",
 *   "Cancel <title>" (scheduled) or "End <title>" (live); a refused move as an alert "<title>: <the API's message>".
 */
import { useState } from "react"
import type { Me } from "../app/session.js"
import { useStaffNames } from "../staff/queries.js"
import { sessions as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { Time } from "../ui/Time.js"
import { type RoleplaySession, useSessions, useSessionWrites } from "./queries.js"
import { ScheduleForm } from "./ScheduleForm.js"
import { type SessionActions, SessionMoves, SessionStatus, SessionTable } from "./SessionTable.js"
import "./sessions.css"
import { grouped, tonight } from "./tonight.js"

const Tonight = ({ sessions, actions }: { readonly sessions: ReadonlyArray<RoleplaySession>; readonly actions: SessionActions }) => (
  <section className="panel sessions-tonight" aria-labelledby="sessions-tonight">
    <h2 id="sessions-tonight">{words.tonight}</h2>
    {sessions.length === 0 ? <p className="muted">{words.nothingTonight}</p> : (
      <ul className="tonight-list">
        {sessions.map((session) => (
          <li key={session.id} className={`tonight-item session-item-${session.status}`}>
            <div className="tonight-when">
              <Time at={session.scheduledFor} />
            </div>
            <div>
              <strong>{session.title}</strong> <SessionStatus session={session} />
              {actions.hostName(session) !== null && <span className="muted">{" · "}{words.host}: {actions.hostName(session)}</span>}
            </div>
            <SessionMoves session={session} actions={actions} />
          </li>
        ))}
      </ul>
    )}
  </section>
)

export default function SessionsRoom({ me }: { readonly me: Me }) {
  const mayManage = me.permissions.includes("sessions.manage")
  const list = useSessions()
  const { move } = useSessionWrites()
  const names = useStaffNames(me.permissions.includes("staff.view"))
  // A refused move, named by its session: shown once above the lists (the session may have moved to another list meanwhile).
  const [refusal, setRefusal] = useState<string | null>(null)
  const sessions = list.data?.pages.flatMap((page) => page.data) ?? []
  const groups = grouped(sessions)
  const actions: SessionActions = {
    mayManage,
    busy: move.isPending,
    hostName: (session) => session.hostId === me.staff?.id ? words.you : names.get(session.hostId) ?? null,
    move: (session, which) => {
      setRefusal(null)
      move.mutate({ id: session.id, move: which }, {
        onError: (error) => setRefusal(words.refused(session.title, error.message))
      })
    }
  }
  return (
    <div className="sessions-room">
      <h1>{words.title}</h1>
      <FormProblem failure={list.error} />
      {list.isPending ? <p className="muted" role="status">{words.loading}</p> : (
        <div className="sessions-grid">
          <div className="sessions-main" aria-live="polite">
            {refusal !== null && <p role="alert" className="form-problem">{refusal}</p>}
            <Tonight sessions={tonight(sessions, new Date())} actions={actions} />
            <SessionTable title={words.live} sessions={groups.live} empty={words.noLive} actions={actions} />
            <SessionTable title={words.upcoming} sessions={groups.upcoming} empty={words.noUpcoming} actions={actions} />
            <SessionTable title={words.past} sessions={groups.past} empty={words.noPast} actions={actions} />
            {list.hasNextPage && (
              <div className="actions">
                <button type="button" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>{words.more}</button>
              </div>
            )}
          </div>
          {mayManage && <ScheduleForm />}
        </div>
      )}
    </div>
  )
}
