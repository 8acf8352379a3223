import { markerWords, pnc as words } from "../strings/index.js"
import { warrantStatusWords } from "../strings/pnc.js"
import { Day } from "../ui/Day.js"
import { isDangerMarker } from "./alerts.js"
import type { OfficialPerson } from "./types.js"

/** A marker in a list: its type (red for wanted and officer safety), reason, who set it and until when. */
export const MarkerItem = ({ marker }: { readonly marker: OfficialPerson["markers"][number] }) => (
  <li>
    <span className={`badge ${isDangerMarker(marker.type) ? "danger" : "info"}`}>{markerWords[marker.type]}</span>{" "}
    <span className="pnc-mono">{marker.reference}</span>: {marker.reason}
    {marker.details !== null && <div className="muted">{marker.details}</div>}
    <div className="muted">
      {words.setBy(marker.issuedBy.displayName)}, <Day at={marker.createdAt} />
      {marker.expiresAt !== null && (
        <>
          ; {words.expiresOn} <Day at={marker.expiresAt} />
        </>
      )}
    </div>
  </li>
)

/** The person's active markers and warrants: what an officer stopping them must know. */
export const PersonAlerts = ({ person }: { readonly person: OfficialPerson }) => {
  const markers = person.markers.filter((marker) => marker.active)
  const warrants = person.warrants.filter((warrant) => warrant.status === "ACTIVE")
  return (
    <section className="panel" aria-labelledby="pnc-person-alerts">
      <h2 id="pnc-person-alerts">{words.alerts}</h2>
      <h3>{words.activeWarrants}</h3>
      {warrants.length === 0 ? <p className="muted">{words.noActiveWarrants}</p> : (
        <ul className="pnc-list">
          {warrants.map((warrant) => (
            <li key={warrant.id}>
              <span className="badge danger">{warrantStatusWords[warrant.status]}</span> <span className="pnc-mono">{warrant.reference}</span>: {warrant.reason}
              {warrant.details !== null && <div className="muted">{warrant.details}</div>}
              <div className="muted">
                {words.issuedBy(warrant.issuedBy.displayName)}, <Day at={warrant.issuedAt} />
                {warrant.expiresAt !== null && (
                  <>
                    ; {words.expiresOn} <Day at={warrant.expiresAt} />
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <h3>{words.activeMarkers}</h3>
      {markers.length === 0 ? <p className="muted">{words.noActiveMarkers}</p> :
        <ul className="pnc-list">{markers.map((marker) => <MarkerItem key={marker.id} marker={marker} />)}</ul>}
      <h3>{words.counts}</h3>
      <dl className="facts">
        <dt>{words.countRecords}</dt>
        <dd>{person.counts.records}</dd>
        <dt>{words.countWarrants}</dt>
        <dd>{person.counts.warrants}</dd>
        <dt>{words.countMarkers}</dt>
        <dd>{person.counts.markers}</dd>
      </dl>
    </section>
  )
}
