import { control } from "../strings/index.js"
import type { Panic } from "./board.js"
import type { Conflict } from "./useBoard.js"

/** Every panic not yet acknowledged, at the top of the board, read out at once; each stays until acknowledged. */
export const PanicBanner = ({ panics, acknowledge }: { readonly panics: ReadonlyArray<Panic>; readonly acknowledge: (seq: number) => void }) => {
  if (panics.length === 0) return null
  return (
    <div role="alert" className="panic-banner">
      <ul>
        {panics.map((panic) => (
          <li key={panic.seq}>
            <strong>{control.panicAlert(panic.callsign, panic.incidentNumber, panic.location)}</strong>
            {panic.text !== "" && <span>: “{panic.text}”</span>}{" "}
            <button type="button" className="danger" onClick={() => acknowledge(panic.seq)}>{control.acknowledgePanic(panic.callsign)}</button>
          </li>
        ))}
      </ul>
    </div>
  )
}

const fieldName = (field: string): string => (control.fields as Record<string, string>)[field] ?? field

/** A changed value as people read it: a status or a priority by its word, an incident by its number. */
const shown = (field: string, value: string, numberOf: (incidentId: string) => number | undefined): string => {
  if (value === "") return "—"
  if (field === "status") return (control.status as Record<string, string>)[value] ?? value
  if (field === "priority") return (control.priority as Record<string, string>)[value] ?? value
  if (field === "incidentId") {
    const number = numberOf(value)
    return number === undefined ? control.anotherIncident : `#${number}`
  }
  return value
}

/** A move refused with `CAD_CONFLICT`: the record as it now is, what changed, and the same move again on it. */
export const ConflictNotice = ({ conflict, redo, dismiss, numberOf }: {
  readonly conflict: Conflict
  readonly redo: () => void
  readonly dismiss: () => void
  /** An incident's number on the board, by its id. */
  readonly numberOf: (incidentId: string) => number | undefined
}) => {
  const now = conflict.now
  return (
    <section role="alert" className="conflict panel" aria-label={control.conflictTitle}>
      <h2>{control.conflictTitle}</h2>
      <p>{control.conflictLead}</p>
      {now !== null && "unit" in now && (
        <p>
          <strong>{now.unit.callsign}</strong>: {control.status[now.unit.status]}
          {now.unit.crew.length > 0 && ` (${now.unit.crew.map((member) => member.user.displayName).join(", ")})`}
        </p>
      )}
      {now !== null && "incident" in now && (
        <p>
          <strong>#{now.incident.number}</strong> {now.incident.type}, {now.incident.location} ({control.priority[now.incident.priority]})
        </p>
      )}
      {conflict.changes.length > 0 && (
        <dl className="facts">
          {conflict.changes.map((change) => (
            <div key={change.field} className="contents">
              <dt>{control.conflictChanged}: {fieldName(change.field)}</dt>
              <dd>{shown(change.field, change.before, numberOf)} → {shown(change.field, change.after, numberOf)}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="actions">
        <button type="button" className="primary" onClick={redo}>{control.redo}</button>
        <button type="button" onClick={dismiss}>{control.dismiss}</button>
      </div>
    </section>
  )
}

/** A move refused for another reason (FORBIDDEN, INVALID_STATE, …): the API's own message. */
export const MoveProblem = ({ problem, dismiss }: { readonly problem: Error | null; readonly dismiss: () => void }) =>
  problem === null ? null : (
    <div role="alert" className="form-problem">
      <p>{control.actionFailed}: {problem.message}</p>
      <button type="button" className="quiet" onClick={dismiss}>{control.dismiss}</button>
    </div>
  )
