import { Link } from "wouter"
import { pnc as words } from "../strings/index.js"
import { civilianStatusWords } from "../strings/pnc.js"
import { Day } from "../ui/Day.js"
import { vehicleSummaryAlerts } from "./alerts.js"
import { AlertBadges } from "./AlertBadges.js"
import type { PncSearchResults } from "./queries.js"

const VehicleResults = ({ results }: { readonly results: PncSearchResults }) => (
  <section className="panel" aria-labelledby="pnc-vehicles">
    <h2 id="pnc-vehicles">{words.vehicles}</h2>
    {results.vehicles.length === 0 ? <p className="muted">{words.noVehicles}</p> : (
      <table>
        <thead>
          <tr>
            <th scope="col">{words.plate}</th>
            <th scope="col">{words.vehicle}</th>
            <th scope="col">{words.keeper}</th>
            <th scope="col">{words.flags}</th>
          </tr>
        </thead>
        <tbody>
          {results.vehicles.map((vehicle) => (
            <tr key={vehicle.id}>
              <td>
                <Link href={`/vehicles/${vehicle.id}`} className="pnc-plate">{vehicle.plate}</Link>
              </td>
              <td>{vehicle.make} {vehicle.model}, {vehicle.colour}</td>
              <td>{vehicle.keeper === null ? <span className="muted">{words.noKeeper}</span> : `${vehicle.keeper.fullName} (${vehicle.keeper.reference})`}</td>
              <td>
                <AlertBadges alerts={vehicleSummaryAlerts(vehicle)} label={`${words.flags}: ${vehicle.plate}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    )}
    {results.moreVehicles && <p className="muted">{words.moreResults}</p>}
  </section>
)

const PeopleResults = ({ results }: { readonly results: PncSearchResults }) => (
  <section className="panel" aria-labelledby="pnc-people">
    <h2 id="pnc-people">{words.people}</h2>
    {results.people.length === 0 ? <p className="muted">{words.noPeople}</p> : (
      <table>
        <thead>
          <tr>
            <th scope="col">{words.person}</th>
            <th scope="col">{words.reference}</th>
            <th scope="col">{words.dateOfBirth}</th>
            <th scope="col">{words.status}</th>
          </tr>
        </thead>
        <tbody>
          {results.people.map((person) => (
            <tr key={person.id}>
              <td>
                <Link href={`/people/${person.id}`}>{person.fullName}</Link>
              </td>
              <td>{person.reference}</td>
              <td>
                <Day at={person.dateOfBirth} />
              </td>
              <td>{person.status === "ACTIVE" ? civilianStatusWords.ACTIVE : <span className="badge muted">{civilianStatusWords[person.status]}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    )}
    {results.morePeople && <p className="muted">{words.moreResults}</p>}
  </section>
)

/** Both lists of a search, vehicles first (a plate is the commonest check), each result a link to its record. */
export const SearchResults = ({ results }: { readonly results: PncSearchResults }) => (
  <div className="pnc-results">
    <VehicleResults results={results} />
    <PeopleResults results={results} />
  </div>
)
