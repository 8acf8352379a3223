import { Link } from "wouter"
import type { Me } from "../app/session.js"
import { AuditLink } from "../audit/AuditLink.js"
import { pnc as words } from "../strings/index.js"
import { civilianStatusWords, genderWords } from "../strings/pnc.js"
import { Day } from "../ui/Day.js"
import { AlertBadges } from "./AlertBadges.js"
import { personAlerts, vehicleSummaryAlerts } from "./alerts.js"
import { LicencePanel } from "./LicencePanel.js"
import { ReadState } from "./ReadState.js"
import { PersonActions } from "./PersonActions.js"
import { PersonAlerts } from "./PersonAlerts.js"
import { type PersonId, usePncPerson } from "./queries.js"
import { RecordsPanel } from "./RecordsPanel.js"
import type { OfficialPerson } from "./types.js"

const Details = ({ person }: { readonly person: OfficialPerson }) => (
  <section className="panel" aria-labelledby="pnc-details">
    <h2 id="pnc-details">{words.details}</h2>
    <dl className="facts">
      <dt>{words.reference}</dt>
      <dd className="pnc-mono">{person.reference}</dd>
      <dt>{words.dateOfBirth}</dt>
      <dd>
        <Day at={person.dateOfBirth} />
      </dd>
      <dt>{words.gender}</dt>
      <dd>{genderWords[person.gender]}</dd>
      <dt>{words.address}</dt>
      <dd>{person.address}</dd>
      <dt>{words.status}</dt>
      <dd>{person.status === "ACTIVE" ? civilianStatusWords.ACTIVE : <span className="badge warn">{civilianStatusWords[person.status]}</span>}</dd>
      <dt>{words.phone}</dt>
      <dd>{person.phone ?? words.notRecorded}</dd>
      <dt>{words.occupation}</dt>
      <dd>{person.occupation ?? words.notRecorded}</dd>
      <dt>{words.onRecordSince}</dt>
      <dd>
        <Day at={person.createdAt} />
      </dd>
      {person.owner !== undefined && (
        <>
          <dt>{words.owner}</dt>
          <dd>{person.owner.displayName}</dd>
        </>
      )}
    </dl>
  </section>
)

const Vehicles = ({ vehicles }: { readonly vehicles: OfficialPerson["vehicles"] }) => (
  <section className="panel" aria-labelledby="pnc-person-vehicles">
    <h2 id="pnc-person-vehicles">{words.personVehicles}</h2>
    {vehicles.length === 0 ? <p className="muted">{words.noVehiclesKept}</p> : (
      <ul className="pnc-list">
        {vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            <Link href={`/vehicles/${vehicle.id}`} className="pnc-plate">{vehicle.plate}</Link> {vehicle.make} {vehicle.model}, {vehicle.colour}
            <AlertBadges alerts={vehicleSummaryAlerts(vehicle)} label={`${words.flags}: ${vehicle.plate}`} />
          </li>
        ))}
      </ul>
    )}
  </section>
)

const Person = ({ person, me }: { readonly person: OfficialPerson; readonly me: Me }) => (
  <article className="pnc-record" aria-labelledby="pnc-person-name">
    <header className="pnc-record-head">
      <h1 id="pnc-person-name">{person.fullName}</h1>
      <span className="pnc-mono muted">{person.reference}</span>
      <Link href={`/people/${person.id}/history`}>{words.openHistory}</Link>
      <AuditLink targetId={person.id} />
    </header>
    <AlertBadges alerts={personAlerts(person)} label={words.flags} large />
    <div className="pnc-grid">
      <PersonActions person={person} me={me} />
      <Details person={person} />
      <PersonAlerts person={person} me={me} />
      <Vehicles vehicles={person.vehicles} />
      <LicencePanel personId={person.id} licence={person.licence} me={me} />
      <RecordsPanel personId={person.id} me={me} />
    </div>
  </article>
)

/**
 * The official view of a person (`/pnc/people/{id}`): what this officer may add to them, details,
 * markers and warrants, vehicles, licence, records; each shown once, with what may be done to it beside it.
 */
export const PersonPage = ({ id, me }: { readonly id: PersonId; readonly me: Me }) => {
  const person = usePncPerson(id)
  return person.data === undefined ? <ReadState error={person.error} /> : <Person person={person.data} me={me} />
}
