import { useId } from "react"
import { mdt as words, priorityWords, unitStatusWords } from "../strings/index.js"
import { otherUnits } from "./applyEntry.js"
import { type MyMdt, useIncidentDetail } from "./queries.js"

type Incident = NonNullable<MyMdt["incident"]>

/** The incident my unit attends: number, type, priority, location, description, and the other units there (live). */
export const CurrentIncident = (
  { incident, myUnitId, mayReadIncident }: { readonly incident: Incident | null; readonly myUnitId: string; readonly mayReadIncident: boolean }
) => {
  const title = useId()
  const detail = useIncidentDetail(incident?.id ?? null, mayReadIncident)
  const others = detail.data === undefined ? null : otherUnits(detail.data, myUnitId)
  return (
    <section className="panel mdt-incident" role="region" aria-labelledby={title} aria-live="polite">
      <h2 id={title}>{words.currentIncident}</h2>
      {incident === null ? <p className="muted">{words.noIncident}</p> : (
        <>
          <p className="mdt-incident-head">
            <strong className="mdt-incident-number">{words.incidentNumber(incident.number)}</strong> <span className="mdt-incident-type">{incident.type}</span>
            {" "}
            <span className={`badge priority priority-${incident.priority}`}>{priorityWords[incident.priority]}</span>
            {incident.status === "CLOSED" && <span className="badge muted">{words.incidentClosed}</span>}
          </p>
          <dl className="facts mdt-incident-facts">
            <dt>{words.location}</dt>
            <dd className="mdt-location">{incident.location}</dd>
            <dt>{words.description}</dt>
            <dd className="mdt-description">{incident.description === "" ? words.noDescription : incident.description}</dd>
          </dl>
          <h3 id={`${title}-others`}>{words.otherUnits}</h3>
          {!mayReadIncident ? <p className="muted">{words.otherUnitsUnavailable}</p> :
            others === null ? <p className="muted">{detail.error === null ? words.loading : detail.error.message}</p> :
            others.length === 0 ? <p className="muted">{words.noOtherUnits}</p> : (
              <ul aria-labelledby={`${title}-others`} className="mdt-others">
                {others.map((unit) => (
                  <li key={unit.id}>
                    <strong>{unit.callsign}</strong> <span className={`status status-${unit.status}`}>{unitStatusWords[unit.status]}</span>
                  </li>
                ))}
              </ul>
            )}
        </>
      )}
    </section>
  )
}
