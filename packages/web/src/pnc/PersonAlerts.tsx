import type { ReactNode } from "react"
import type { Me } from "../app/session.js"
import { markerWords, pnc as words } from "../strings/index.js"
import { warrantStatusWords } from "../strings/pnc.js"
import { Day } from "../ui/Day.js"
import { ClearMarker } from "./actions/MarkerActions.js"
import { pncAllows } from "./actions/permissions.js"
import { CloseWarrant } from "./actions/WarrantActions.js"
import { isDangerMarker } from "./alerts.js"
import type { OfficialPerson } from "./types.js"

/** An item of a list of alerts: what it says, and beside it the button acting on it (for holders of its key). */
const AlertItem = ({ action, children }: { readonly action: ReactNode; readonly children: ReactNode }) => (
  <li className="pnc-item">
    <div>{children}</div>
    {action}
  </li>
)

/** A marker in a list: its type (red for wanted, officer safety and stolen), reason, who set it and until when; Clear on an active one for `pnc.markers.manage`. */
export const MarkerItem = ({ marker, me }: { readonly marker: OfficialPerson["markers"][number]; readonly me: Me }) => (
  <AlertItem action={marker.active && pncAllows(me.permissions).markers && <ClearMarker marker={marker} />}>
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
  </AlertItem>
)

/** An active warrant in a list: reference, reason, who issued it and until when; Close for `pnc.warrants.manage`. */
const WarrantItem = ({ warrant, me }: { readonly warrant: OfficialPerson["warrants"][number]; readonly me: Me }) => (
  <AlertItem action={pncAllows(me.permissions).warrants && <CloseWarrant warrant={warrant} />}>
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
  </AlertItem>
)

/** The person's active markers and warrants: what an officer stopping them must know, each with what the officer may do to it. */
export const PersonAlerts = ({ person, me }: { readonly person: OfficialPerson; readonly me: Me }) => {
  const markers = person.markers.filter((marker) => marker.active)
  const warrants = person.warrants.filter((warrant) => warrant.status === "ACTIVE")
  return (
    <section className="panel" aria-labelledby="pnc-person-alerts">
      <h2 id="pnc-person-alerts">{words.alerts}</h2>
      <h3>{words.activeWarrants}</h3>
      {warrants.length === 0 ? <p className="muted">{words.noActiveWarrants}</p> :
        <ul className="pnc-list">{warrants.map((warrant) => <WarrantItem key={warrant.id} warrant={warrant} me={me} />)}</ul>}
      <h3>{words.activeMarkers}</h3>
      {markers.length === 0 ? <p className="muted">{words.noActiveMarkers}</p> :
        <ul className="pnc-list">{markers.map((marker) => <MarkerItem key={marker.id} marker={marker} me={me} />)}</ul>}
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
