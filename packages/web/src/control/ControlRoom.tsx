/*
 * Control's board: one screen for the dispatcher. The names browser tests use (roles and accessible names):
 *
 * - regions (each a `section` with its heading): "Incidents", "Units", "Calls", "CAD log"
 * - an incident: a list item reading `#<number>`, its priority word, type and location; its buttons
 *   "Select incident #N" (pressed when selected), "Edit" (named "Edit incident #N"), "Close incident";
 *   the selected incident's chooser: "Unit to assign" and "Assign". A unit can also be dragged onto it.
 * - a unit: a list item reading its callsign and status word ("Available", "En route", "On scene", …,
 *   `control.status`); buttons "Assign to #N" (an incident selected, the unit available), "Clear",
 *   the select "Status of <callsign>" with "Set status"; crew under "Crew of <callsign>" (a disclosure):
 *   "Search people", "Person", "Identifier (collar number)", "Add crew", "Remove <name>"
 * - a call: "Attach to #N" (an incident selected) or "Incident" and "Attach"; "Close call", then "Reason" and "Close call"
 * - "New incident" → form "New incident": "Type", "Priority", "Location", "Description", "Control notes", "Create incident";
 *   editing: "Save incident". "New unit" → "Callsign", "Agency code", "Unit type", "Create unit"
 * - the feed's state (a status): "Live", "Connecting…", "Reconnecting…", "Stopped"
 * - a panic: an alert "Panic: <callsign>, incident #N, at <location>", button "Acknowledge panic of <callsign>";
 *   the unit and incident rows read "PANIC"
 * - a CAD_CONFLICT: an alert "Someone else changed this first" with the record now, and "Redo on the new state"
 * - "Keyboard shortcuts" (a disclosure listing them): n, u, j, k, Escape, ?
 */
import { useCallback, useMemo, useRef, useState } from "react"
import type { Me } from "../app/session.js"
import { control } from "../strings/index.js"
import { attendingByIncident, type Incident, panicOf, sortedCalls, sortedIncidents, sortedUnits, type Unit } from "./board.js"
import { attachCall, closeCall, createIncident } from "./cadCalls.js"
import { type CallActions, CallRow, type IncidentChoice } from "./CallsPanel.js"
import "./control.css"
import { IncidentForm } from "./IncidentForm.js"
import { AssignChooser, type IncidentActions, IncidentRow } from "./IncidentsPanel.js"
import { LogPanel } from "./LogPanel.js"
import { ConflictNotice, MoveProblem, PanicBanner } from "./Notices.js"
import { controlAllows } from "./permissions.js"
import { type BoardState, useBoard } from "./useBoard.js"
import { UnitForm } from "./UnitForm.js"
import { type UnitActions, UnitRow } from "./UnitRow.js"
import { useShortcuts } from "./useShortcuts.js"

type Form = { readonly kind: "newIncident" } | { readonly kind: "editIncident"; readonly id: Incident["id"] } | { readonly kind: "newUnit" } | null

const FeedState = ({ feed }: { readonly feed: BoardState["feed"] }) => (
  <p role="status" className={`feed-state feed-${feed._tag.toLowerCase()}`} aria-label={control.liveLabel}>
    <span className="dot" aria-hidden="true" />
    {control.live[feed._tag]}
    {feed._tag === "Stopped" && `: ${feed.error.message}`}
  </p>
)

const Shortcuts = ({ open, setOpen }: { readonly open: boolean; readonly setOpen: (open: boolean) => void }) => (
  <details
    className="shortcuts"
    open={open}
    onToggle={(event) => setOpen(event.currentTarget.open)}
  >
    <summary>{control.shortcuts}</summary>
    <dl className="facts">
      {control.shortcutList.map(([key, what]) => (
        <div key={key} className="contents">
          <dt>
            <kbd>{key}</kbd>
          </dt>
          <dd>{what}</dd>
        </div>
      ))}
    </dl>
  </details>
)

const Board = ({ me, state }: { readonly me: Me; readonly state: BoardState & { readonly board: NonNullable<BoardState["board"]> } }) => {
  const { board, move } = state
  const allows = useMemo(() => controlAllows(me.permissions), [me.permissions])
  const [selectedId, setSelectedId] = useState<Incident["id"] | null>(null)
  const [form, setForm] = useState<Form>(null)
  const [shortcutsOpen, setShortcutsOpen] = useState(false)

  const incidents = useMemo(() => sortedIncidents(board.incidents), [board.incidents])
  const units = useMemo(() => sortedUnits(board.units), [board.units])
  const calls = useMemo(() => sortedCalls(board.calls), [board.calls])
  const attending = useMemo(() => attendingByIncident(units), [units])
  const marked = useMemo(() => panicOf(board.panics), [board.panics])
  const selectedIncident = selectedId === null ? undefined : board.incidents.get(selectedId)
  const selectedNumber = selectedIncident?.number ?? null
  const selected = useMemo(
    () => (selectedId !== null && selectedNumber !== null ? { id: selectedId, number: selectedNumber } : null),
    [selectedId, selectedNumber]
  )
  const choices = useMemo<ReadonlyArray<IncidentChoice>>(
    () => incidents.map((incident) => ({ id: incident.id, label: `#${incident.number} ${incident.type}, ${incident.location}` })),
    [incidents]
  )

  // The rows' actions never change identity: a row is redrawn only when its own record does.
  const incidentsRef = useRef(board.incidents)
  incidentsRef.current = board.incidents
  const incidentActions = useMemo<IncidentActions>(() => ({
    select: setSelectedId,
    assign: (unitId, incidentId) => void move({ kind: "assign", unitId, incidentId }),
    edit: (id) => setForm({ kind: "editIncident", id }),
    close: (id) => void move({ kind: "closeIncident", incidentId: id })
  }), [move])
  const unitActions = useMemo<UnitActions>(() => ({
    assign: (unitId, incidentId) => void move({ kind: "assign", unitId, incidentId }),
    clear: (unitId, incidentId) => void move({ kind: "clear", unitId, incidentId }),
    setStatus: (unitId, status) => void move({ kind: "status", unitId, status }),
    put: state.putUnit
  }), [move, state.putUnit])
  const { showProblem, dropCall } = state
  const callActions = useMemo<CallActions>(() => ({
    attach: (callId, incidentId) => {
      showProblem(null)
      attachCall(callId, incidentId).then(dropCall, (error: unknown) => showProblem(error instanceof Error ? error : new Error(String(error))))
    },
    close: (callId, reason) =>
      closeCall(callId, reason).then((closed) => {
        dropCall(closed)
        return null
      }, (error: unknown) => (error instanceof Error ? error : new Error(String(error))))
  }), [showProblem, dropCall])

  const selectBy = useCallback((step: number) => {
    if (incidents.length === 0) return
    const at = incidents.findIndex((incident) => incident.id === selectedId)
    const next = at === -1 ? (step > 0 ? 0 : incidents.length - 1) : (at + step + incidents.length) % incidents.length
    setSelectedId(incidents[next]!.id)
  }, [incidents, selectedId])

  useShortcuts({
    n: () => allows.createIncident && setForm({ kind: "newIncident" }),
    u: () => allows.manageUnits && setForm({ kind: "newUnit" }),
    j: () => selectBy(1),
    k: () => selectBy(-1),
    Escape: () => (form !== null ? setForm(null) : setSelectedId(null)),
    "?": () => setShortcutsOpen(!shortcutsOpen)
  })

  const editing = form?.kind === "editIncident" ? board.incidents.get(form.id) : undefined
  const available = useMemo(() => units.filter((unit: Unit) => unit.status === "AVAILABLE"), [units])

  return (
    <div className="control-room">
      <header className="control-head">
        <h1>{control.title}</h1>
        <FeedState feed={state.feed} />
        {allows.createIncident && <button type="button" className="primary" onClick={() => setForm({ kind: "newIncident" })}>{control.newIncident}</button>}
        {allows.manageUnits && <button type="button" onClick={() => setForm({ kind: "newUnit" })}>{control.newUnit}</button>}
        <Shortcuts open={shortcutsOpen} setOpen={setShortcutsOpen} />
      </header>
      <PanicBanner panics={board.panics} acknowledge={state.acknowledge} />
      {state.conflict !== null && (
        <ConflictNotice
          conflict={state.conflict}
          numberOf={(id) => board.incidents.get(id as Incident["id"])?.number}
          redo={() =>
            void state.redo().then((result) => {
              // An edit redone on the new state is written: its form has done its work.
              if (result?._tag === "Done" && state.conflict?.intent.kind === "updateIncident") setForm(null)
            })}
          dismiss={state.dismissConflict}
        />
      )}
      <MoveProblem problem={state.problem} dismiss={state.dismissProblem} />
      {form?.kind === "newIncident" && (
        <IncidentForm
          heading={control.newIncident}
          submitLabel={control.createIncident}
          onCancel={() => setForm(null)}
          submit={(fields) =>
            createIncident(fields).then((incident) => {
              state.putIncident(incident)
              setForm(null)
              setSelectedId(incident.id)
              return null
            }, (error: unknown) => (error instanceof Error ? error : new Error(String(error))))}
        />
      )}
      {form?.kind === "editIncident" && editing !== undefined && (
        <IncidentForm
          key={editing.id}
          initial={editing}
          heading={control.editIncidentOf(editing.number)}
          submitLabel={control.saveIncident}
          onCancel={() => setForm(null)}
          submit={(fields) =>
            move({ kind: "updateIncident", incidentId: editing.id, fields }).then((result) => {
              if (result._tag === "Done") setForm(null)
              return result._tag === "Refused" ? result.failure : null
            })}
        />
      )}
      {form?.kind === "newUnit" && (
        <UnitForm
          onCancel={() => setForm(null)}
          onCreated={(unit) => {
            state.putUnit(unit)
            setForm(null)
          }}
        />
      )}
      <div className="control-grid">
        <section className="panel" aria-labelledby="control-incidents">
          <h2 id="control-incidents">
            {control.incidents} <span className="muted">({incidents.length})</span>
          </h2>
          {selectedIncident !== undefined && allows.dispatch && (
            <AssignChooser incident={selectedIncident} available={available} assign={incidentActions.assign} />
          )}
          {incidents.length === 0 ? <p className="muted">{control.noIncidents}</p> : (
            <ul className="rows" aria-labelledby="control-incidents">
              {incidents.map((incident) => (
                <IncidentRow
                  key={incident.id}
                  incident={incident}
                  selected={incident.id === selectedId}
                  attending={attending.get(incident.id) ?? ""}
                  panic={marked.incidents.has(incident.id)}
                  allows={allows}
                  actions={incidentActions}
                />
              ))}
            </ul>
          )}
        </section>
        <section className="panel" aria-labelledby="control-units">
          <h2 id="control-units">
            {control.units} <span className="muted">({units.length})</span>
          </h2>
          {units.length === 0 ? <p className="muted">{control.noUnits}</p> : (
            <ul className="rows" aria-labelledby="control-units">
              {units.map((unit) => (
                <UnitRow
                  key={unit.id}
                  unit={unit}
                  incidentNumber={unit.incidentId === null ? null : board.incidents.get(unit.incidentId)?.number ?? null}
                  selected={selected}
                  panic={marked.units.has(unit.id)}
                  allows={allows}
                  actions={unitActions}
                />
              ))}
            </ul>
          )}
        </section>
        <div className="control-side">
          <section className="panel" aria-labelledby="control-calls">
            <h2 id="control-calls">
              {control.calls} <span className="muted">({calls.length})</span>
            </h2>
            {calls.length === 0 ? <p className="muted">{control.noCalls}</p> : (
              <ul className="rows" aria-labelledby="control-calls">
                {calls.map((call) => (
                  <CallRow key={call.id} call={call} selected={selected} choices={choices} canManage={allows.manageCalls} actions={callActions} />
                ))}
              </ul>
            )}
          </section>
          <section className="panel" aria-labelledby="control-log">
            <h2 id="control-log">{control.log}</h2>
            <LogPanel log={board.log} />
          </section>
        </div>
      </div>
    </div>
  )
}

/** Control's board (`/control`): read once, then kept live by the CAD feed. */
export default function ControlRoom({ me }: { readonly me: Me }) {
  const state = useBoard()
  if (state.board === null) {
    if (state.snapshot.isError) {
      return (
        <div role="alert" className="form-problem">
          <p>{control.loadFailed}: {state.snapshot.error.message}</p>
          <button type="button" onClick={() => void state.snapshot.refetch()}>{control.retry}</button>
        </div>
      )
    }
    return <p role="status" className="muted">{control.loading}</p>
  }
  return <Board me={me} state={{ ...state, board: state.board }} />
}
