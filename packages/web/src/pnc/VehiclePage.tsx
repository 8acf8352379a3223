import { Link } from "wouter"
import type { Me } from "../app/session.js"
import { AuditLink } from "../audit/AuditLink.js"
import { licenceWords, pnc as words } from "../strings/index.js"
import { insuranceWords, motWords, registrationWords, taxWords, vehicleTypeWords } from "../strings/pnc.js"
import { Day } from "../ui/Day.js"
import { AlertBadges } from "./AlertBadges.js"
import { vehicleAlerts } from "./alerts.js"
import { ReadState } from "./ReadState.js"
import { MarkerItem } from "./PersonAlerts.js"
import { usePncVehicle, type VehicleId } from "./queries.js"
import type { VehicleRecord } from "./types.js"
import { VehicleActions } from "./VehicleActions.js"

/** A status in its word, green when good and amber when not (never colour alone). */
const StatusBadge = ({ good, text }: { readonly good: boolean; readonly text: string }) => <span className={`badge ${good ? "ok" : "warn"}`}>{text}</span>

const Statuses = ({ vehicle }: { readonly vehicle: VehicleRecord }) => (
  <section className="panel" aria-labelledby="pnc-statuses">
    <h2 id="pnc-statuses">{words.statuses}</h2>
    <dl className="facts">
      <dt>{words.stolenLabel}</dt>
      <dd>{vehicle.stolen ? <span className="badge danger">{words.stolen}</span> : <StatusBadge good text={words.notStolen} />}</dd>
      <dt>{words.registration}</dt>
      <dd>
        <StatusBadge good={vehicle.registrationStatus === "REGISTERED"} text={registrationWords[vehicle.registrationStatus]} />
      </dd>
      <dt>{words.insurance}</dt>
      <dd>
        <StatusBadge good={vehicle.insuranceStatus === "INSURED"} text={insuranceWords[vehicle.insuranceStatus]} />
      </dd>
      <dt>{words.tax}</dt>
      <dd>
        <StatusBadge good={vehicle.taxStatus === "TAXED"} text={taxWords[vehicle.taxStatus]} />
      </dd>
      <dt>{words.mot}</dt>
      <dd>
        <StatusBadge good={vehicle.motStatus === "VALID"} text={motWords[vehicle.motStatus]} />
      </dd>
    </dl>
  </section>
)

const Details = ({ vehicle }: { readonly vehicle: VehicleRecord }) => (
  <section className="panel" aria-labelledby="pnc-vehicle-details">
    <h2 id="pnc-vehicle-details">{words.details}</h2>
    <dl className="facts">
      <dt>{words.plate}</dt>
      <dd className="pnc-plate">{vehicle.plate}</dd>
      <dt>{words.make}</dt>
      <dd>{vehicle.make}</dd>
      <dt>{words.model}</dt>
      <dd>{vehicle.model}</dd>
      <dt>{words.colour}</dt>
      <dd>{vehicle.colour}</dd>
      <dt>{words.vehicleType}</dt>
      <dd>{vehicleTypeWords[vehicle.type]}</dd>
      <dt>{words.onRecordSince}</dt>
      <dd>
        <Day at={vehicle.createdAt} />
      </dd>
    </dl>
  </section>
)

const Keeper = ({ keeper }: { readonly keeper: VehicleRecord["keeper"] }) => (
  <section className="panel" aria-labelledby="pnc-keeper">
    <h2 id="pnc-keeper">{words.keeper}</h2>
    {keeper === null ? <p className="muted">{words.noKeeper}</p> : (
      <dl className="facts">
        <dt>{words.person}</dt>
        <dd>
          <Link href={`/people/${keeper.id}`}>{keeper.fullName}</Link> <span className="pnc-mono muted">{keeper.reference}</span>
        </dd>
        <dt>{words.dateOfBirth}</dt>
        <dd>
          <Day at={keeper.dateOfBirth} />
        </dd>
        <dt>{words.address}</dt>
        <dd>{keeper.address}</dd>
        <dt>{words.keeperLicence}</dt>
        <dd>
          {keeper.licence === null ? words.noLicence : (
            <>
              <span className="pnc-mono">{keeper.licence.number}</span>{" "}
              <span className={`badge ${keeper.licence.status === "VALID" ? "ok" : "danger"}`}>{licenceWords[keeper.licence.status]}</span>
            </>
          )}
        </dd>
        <dt>{words.keeperSince}</dt>
        <dd>
          <Day at={keeper.since} />
        </dd>
        <dt>{words.alerts}</dt>
        <dd>
          {keeper.alerts.warrants === 0 && keeper.alerts.markers === 0 ? words.none : (
            <span className="badges">
              {keeper.alerts.warrants > 0 && <span className="badge danger">{words.warrantsCount(keeper.alerts.warrants)}</span>}
              {keeper.alerts.markers > 0 && <span className="badge warn">{words.markersCount(keeper.alerts.markers)}</span>}
            </span>
          )}
        </dd>
      </dl>
    )}
  </section>
)

const Keepers = ({ keepers }: { readonly keepers: VehicleRecord["keepers"] }) => (
  <section className="panel" aria-labelledby="pnc-keepers">
    <h2 id="pnc-keepers">{words.keepers}</h2>
    {keepers.length === 0 ? <p className="muted">{words.noKeeper}</p> : (
      <table>
        <thead>
          <tr>
            <th scope="col">{words.person}</th>
            <th scope="col">{words.keeperFrom}</th>
            <th scope="col">{words.keeperTo}</th>
          </tr>
        </thead>
        <tbody>
          {keepers.map((spell) => (
            <tr key={`${spell.civilian.id}-${String(spell.startedAt)}`}>
              <td>
                <Link href={`/people/${spell.civilian.id}`}>{spell.civilian.fullName}</Link> <span className="pnc-mono muted">{spell.civilian.reference}</span>
              </td>
              <td>
                <Day at={spell.startedAt} />
              </td>
              <td>{spell.endedAt === null ? <strong>{words.keeperNow}</strong> : <Day at={spell.endedAt} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    )}
  </section>
)

/** The vehicle's active markers, each with Clear for holders of `pnc.markers.manage`. */
const Markers = ({ vehicle, me }: { readonly vehicle: VehicleRecord; readonly me: Me }) => (
  <section className="panel" aria-labelledby="pnc-vehicle-markers">
    <h2 id="pnc-vehicle-markers">{words.vehicleMarkers}</h2>
    {vehicle.markers.length === 0 ? <p className="muted">{words.noActiveMarkers}</p> :
      <ul className="pnc-list">{vehicle.markers.map((marker) => <MarkerItem key={marker.id} marker={marker} me={me} />)}</ul>}
    <p className="muted">{words.vehicleCounts(vehicle.counts.records, vehicle.counts.markers)}</p>
  </section>
)

const Vehicle = ({ vehicle, me }: { readonly vehicle: VehicleRecord; readonly me: Me }) => (
  <article className="pnc-record" aria-labelledby="pnc-vehicle-plate">
    <header className="pnc-record-head">
      <h1 id="pnc-vehicle-plate" className="pnc-plate">{vehicle.plate}</h1>
      <span>{vehicle.make} {vehicle.model}, {vehicle.colour}</span>
      <Link href={`/vehicles/${vehicle.id}/history`}>{words.openHistory}</Link>
      <AuditLink targetId={vehicle.id} />
    </header>
    <AlertBadges alerts={vehicleAlerts(vehicle)} label={words.flags} large />
    <div className="pnc-grid">
      <VehicleActions vehicle={vehicle} me={me} />
      <Keeper keeper={vehicle.keeper} />
      <Statuses vehicle={vehicle} />
      <Details vehicle={vehicle} />
      <Markers vehicle={vehicle} me={me} />
      <Keepers keepers={vehicle.keepers} />
    </div>
  </article>
)

/** The vehicle record (`/pnc/vehicles/{id}`): plate, the actions this officer may take, statuses, the keeper and every keeper before, markers (each with Clear for the key's holders). */
export const VehiclePage = ({ id, me }: { readonly id: VehicleId; readonly me: Me }) => {
  const vehicle = usePncVehicle(id)
  return vehicle.data === undefined ? <ReadState error={vehicle.error} /> : <Vehicle vehicle={vehicle.data} me={me} />
}
