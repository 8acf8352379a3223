import { memo, useState } from "react"
import { control } from "../strings/index.js"
import { type Incident, statusMoves, type Unit } from "./board.js"
import { CrewEditor } from "./CrewEditor.js"
import { dragged } from "./drag.js"
import type { ControlAllows } from "./permissions.js"

export interface UnitActions {
  readonly assign: (unitId: Unit["id"], incidentId: Incident["id"]) => void
  readonly clear: (unitId: Unit["id"], incidentId: Incident["id"]) => void
  readonly setStatus: (unitId: Unit["id"], status: Unit["status"]) => void
  readonly put: (unit: Unit) => void
}

const STATUS_CLASS: Record<Unit["status"], string> = {
  OFF_DUTY: "muted",
  AVAILABLE: "ok",
  ASSIGNED: "info",
  EN_ROUTE: "info",
  ON_SCENE: "warn",
  BUSY: "warn",
  UNAVAILABLE: "muted"
}

/**
 * One unit: callsign, status (word and colour), crew, its incident; the moves the person may make.
 * `selected` is the incident chosen on the board (to assign to), `incidentNumber` the one it attends.
 */
export const UnitRow = memo(function UnitRow({ unit, incidentNumber, selected, panic, allows, actions }: {
  readonly unit: Unit
  readonly incidentNumber: number | null
  readonly selected: { readonly id: Incident["id"]; readonly number: number } | null
  readonly panic: boolean
  readonly allows: ControlAllows
  readonly actions: UnitActions
}) {
  const moves = statusMoves(unit)
  const [status, setStatus] = useState<Unit["status"] | "">("")
  const canDrag = allows.dispatch && unit.status === "AVAILABLE"
  return (
    <li
      className="unit-row"
      data-panic={panic || undefined}
      draggable={canDrag || undefined}
      onDragStart={canDrag
        ? (event) => {
          dragged.unitId = unit.id
          event.dataTransfer.setData("text/plain", unit.callsign)
          event.dataTransfer.effectAllowed = "link"
        }
        : undefined}
      onDragEnd={() => {
        dragged.unitId = null
      }}
    >
      <div className="row-main">
        <span className="callsign">{unit.callsign}</span>
        <span className={`badge ${STATUS_CLASS[unit.status]}`}>{control.status[unit.status]}</span>
        {panic && <span className="badge danger panic-mark">{control.panic}</span>}
        {incidentNumber !== null && <span className="small">{control.onIncident(incidentNumber)}</span>}
        <span className="muted small">{unit.agencyCode} · {control.unitType[unit.type]}</span>
      </div>
      <div className="small crew-line">
        {unit.crew.length === 0 ? <span className="muted">{control.noCrew}</span> : unit.crew.map((member) =>
          `${member.identifier} ${member.user.displayName}`
        ).join(", ")}
      </div>
      {allows.dispatch && (
        <div className="row-actions">
          {selected !== null && unit.status === "AVAILABLE" && (
            <button type="button" onClick={() => actions.assign(unit.id, selected.id)}>{control.assignTo(selected.number)}</button>
          )}
          {unit.incidentId !== null && (
            <button type="button" onClick={() => unit.incidentId !== null && actions.clear(unit.id, unit.incidentId)}>{control.clear}</button>
          )}
          {moves.length > 0 && (
            <form
              className="inline-form"
              onSubmit={(event) => {
                event.preventDefault()
                if (status !== "") actions.setStatus(unit.id, status)
                setStatus("")
              }}
            >
              <select aria-label={control.statusFor(unit.callsign)} value={status} onChange={(event) => setStatus(event.target.value as Unit["status"])}>
                <option value="">—</option>
                {moves.map((move) => <option key={move} value={move}>{control.status[move]}</option>)}
              </select>
              <button type="submit" disabled={status === ""}>{control.setStatus}</button>
            </form>
          )}
        </div>
      )}
      {allows.manageUnits && <CrewEditor unit={unit} put={actions.put} />}
    </li>
  )
})
