import { memo, useState } from "react"
import { control } from "../strings/index.js"
import type { Incident, Unit } from "./board.js"
import { dragged } from "./drag.js"
import type { ControlAllows } from "./permissions.js"

/** What an incident row can do: stable functions, so a row is redrawn only when its own record changes. */
export interface IncidentActions {
  readonly select: (id: Incident["id"] | null) => void
  readonly assign: (unitId: Unit["id"], incidentId: Incident["id"]) => void
  readonly edit: (id: Incident["id"]) => void
  readonly close: (id: Incident["id"]) => void
}

const PRIORITY_CLASS = { IMMEDIATE: "danger", PRIORITY: "warn", SCHEDULED: "info", RESOLUTION: "muted" } as const

/** One open incident: number, type, location, priority (word and colour), attending units; a drop target for a unit. */
export const IncidentRow = memo(function IncidentRow({ incident, selected, attending, panic, allows, actions }: {
  readonly incident: Incident
  readonly selected: boolean
  readonly attending: string
  readonly panic: boolean
  readonly allows: ControlAllows
  readonly actions: IncidentActions
}) {
  const [over, setOver] = useState(false)
  const label = control.incidentLabel(incident.number)
  return (
    <li
      className="incident-row"
      data-selected={selected || undefined}
      data-panic={panic || undefined}
      data-over={over || undefined}
      onDragOver={(event) => {
        if (!allows.dispatch || dragged.unitId === null) return
        event.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault()
        setOver(false)
        if (dragged.unitId !== null) actions.assign(dragged.unitId, incident.id)
        dragged.unitId = null
      }}
    >
      <div className="row-main">
        <span className="number">{label}</span>
        <span className={`badge ${PRIORITY_CLASS[incident.priority]}`}>{control.priority[incident.priority]}</span>
        {panic && <span className="badge danger panic-mark">{control.panic}</span>}
        <span className="type">{incident.type}</span>
        <span className="location">{incident.location}</span>
      </div>
      {attending !== "" && <div className="muted small">{control.attending}: {attending}</div>}
      {selected && incident.description !== "" && <p className="small">{incident.description}</p>}
      {selected && incident.controlNotes !== "" && <p className="small muted">{control.fields.controlNotes}: {incident.controlNotes}</p>}
      <div className="row-actions">
        <button type="button" className="quiet" aria-pressed={selected} onClick={() => actions.select(selected ? null : incident.id)}>
          {control.selectIncident(incident.number)}
        </button>
        {allows.manageIncidents && (
          <>
            <button type="button" className="quiet" aria-label={control.editIncidentOf(incident.number)} onClick={() => actions.edit(incident.id)}>
              {control.editIncident}
            </button>
            <button type="button" className="quiet" onClick={() => actions.close(incident.id)}>{control.closeIncident}</button>
          </>
        )}
      </div>
    </li>
  )
})

/** On the selected incident: choose an available unit to send (the way without dragging). */
export const AssignChooser = ({ incident, available, assign }: {
  readonly incident: Incident
  readonly available: ReadonlyArray<Unit>
  readonly assign: (unitId: Unit["id"], incidentId: Incident["id"]) => void
}) => {
  const [chosen, setChosen] = useState("")
  if (available.length === 0) return <p className="muted small">{control.noAvailableUnits}</p>
  return (
    <form
      className="inline-form"
      aria-label={control.assignTo(incident.number)}
      onSubmit={(event) => {
        event.preventDefault()
        const unit = available.find((candidate) => candidate.id === chosen)
        if (unit !== undefined) assign(unit.id, incident.id)
        setChosen("")
      }}
    >
      <label>
        {control.assignUnit}
        <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">—</option>
          {available.map((unit) => <option key={unit.id} value={unit.id}>{unit.callsign}</option>)}
        </select>
      </label>
      <button type="submit" disabled={chosen === ""}>{control.assign}</button>
    </form>
  )
}
