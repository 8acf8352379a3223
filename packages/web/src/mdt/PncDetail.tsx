import { useEffect, useId, useRef } from "react"
import { licenceWords, markerWords, mdt as words, vehicleFlagWords } from "../strings/index.js"
import { vehicleFlags } from "./pncFlags.js"
import { type PncResults, usePerson, useVehicle } from "./queries.js"

export type Picked =
  | { readonly kind: "person"; readonly id: PncResults["people"][number]["id"] }
  | { readonly kind: "vehicle"; readonly id: PncResults["vehicles"][number]["id"] }

const VehicleDetail = ({ id }: { readonly id: PncResults["vehicles"][number]["id"] }) => {
  const vehicle = useVehicle(id)
  if (vehicle.error !== null) return <p role="alert" className="form-problem">{vehicle.error.message}</p>
  if (vehicle.data === undefined) return <p className="muted" role="status">{words.loading}</p>
  const record = vehicle.data
  const flags = vehicleFlags(record)
  return (
    <dl className="facts">
      <dt>{words.plate}</dt>
      <dd className="mdt-plate">{record.plate}</dd>
      <dt>{words.makeModel}</dt>
      <dd>{record.make} {record.model}</dd>
      <dt>{words.colour}</dt>
      <dd>{record.colour}</dd>
      <dt>{words.keeper}</dt>
      <dd>{record.keeper === null ? words.noKeeper : `${record.keeper.fullName} (${record.keeper.reference})`}</dd>
      <dt>{words.flags}</dt>
      <dd className="badges">
        {record.stolen && <span className="badge danger">{words.stolen}</span>}
        {flags.map((flag) => <span key={flag} className="badge warn">{vehicleFlagWords[flag]}</span>)}
        {record.markers.filter((marker) => marker.active).map((marker) => <span key={marker.id} className="badge info">{markerWords[marker.type]}</span>)}
        {!record.stolen && flags.length === 0 && record.markers.every((marker) => !marker.active) && words.noFlags}
      </dd>
    </dl>
  )
}

const PersonDetail = ({ id }: { readonly id: PncResults["people"][number]["id"] }) => {
  const person = usePerson(id)
  if (person.error !== null) return <p role="alert" className="form-problem">{person.error.message}</p>
  if (person.data === undefined) return <p className="muted" role="status">{words.loading}</p>
  const record = person.data
  const markers = record.markers.filter((marker) => marker.active)
  const warrants = record.warrants.filter((warrant) => warrant.status === "ACTIVE")
  return (
    <dl className="facts">
      <dt>{words.name}</dt>
      <dd>{record.fullName}</dd>
      <dt>{words.reference}</dt>
      <dd>{record.reference}</dd>
      <dt>{words.dateOfBirth}</dt>
      <dd>{record.dateOfBirth}</dd>
      <dt>{words.licence}</dt>
      <dd>
        {record.licence === null ? words.noLicence :
          <span className={`badge ${record.licence.status === "VALID" ? "ok" : "danger"}`}>{licenceWords[record.licence.status]}</span>}
      </dd>
      <dt>{words.activeMarkers}</dt>
      <dd className="badges">
        {markers.length === 0 ? words.none :
          markers.map((marker) => <span key={marker.id} className="badge info" title={marker.reason}>{markerWords[marker.type]}</span>)}
      </dd>
      <dt>{words.activeWarrants}</dt>
      <dd>
        {warrants.length === 0 ? words.none : (
          <ul className="plain">
            {warrants.map((warrant) => (
              <li key={warrant.id}>
                <span className="badge danger">{words.warrant}</span> {warrant.reference}: {warrant.reason}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  )
}

/** The compact record of the result picked: a vehicle's plate, make, colour, keeper and flags; a person's licence, markers and warrants. */
export const PncDetail = ({ picked, onClose }: { readonly picked: Picked; readonly onClose: () => void }) => {
  const title = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [picked.id])
  return (
    <section className="mdt-pnc-detail" aria-labelledby={title}>
      <h3 id={title} ref={heading} tabIndex={-1}>{words.detail}</h3>
      {picked.kind === "vehicle" ? <VehicleDetail id={picked.id} /> : <PersonDetail id={picked.id} />}
      <button type="button" onClick={onClose}>{words.closeDetail}</button>
    </section>
  )
}
