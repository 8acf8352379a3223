import type { ReactNode } from "react"
import { Link, Route, Switch, useLocation } from "wouter"
import type { Me } from "../app/session.js"
import { pnc as words } from "../strings/index.js"
import { HistoryPage } from "./HistoryPage.js"
import { PersonPage } from "./PersonPage.js"
import { type PersonId, personIdOf, type VehicleId, vehicleIdOf } from "./queries.js"
import { SearchPage } from "./SearchPage.js"
import { VehiclePage } from "./VehiclePage.js"
import { WarrantQueue } from "./warrants/WarrantQueue.js"
import "./pnc.css"

const NotFound = () => (
  <div role="alert" className="form-problem">
    <p>{words.notFoundHere}</p>
    <Link href="/">{words.backToSearch}</Link>
  </div>
)

/** A page for the id in the address, or "no such page" when it cannot be an id. */
const WithId = <I extends string>(
  { raw, parse, page }: { readonly raw: string; readonly parse: (raw: string) => I | null; readonly page: (id: I) => ReactNode }
) => {
  const id = parse(raw)
  return id === null ? <NotFound /> : page(id)
}

/** Whether this person may decide warrants awaiting approval (the queue's link and page). */
export const mayDecideWarrants = (me: Me): boolean => me.permissions.includes("pnc.warrants.manage")

/**
 * The PNC (`pnc.view`): the search, a person's and a vehicle's record and their history, each at an
 * address of its own under `/pnc`, so a record can be shared; the warrant queue for those who decide.
 */
const PncRoom = ({ me }: { readonly me: Me }) => {
  const [location] = useLocation()
  const person = (raw: string, page: (id: PersonId) => ReactNode) => <WithId raw={raw} parse={personIdOf} page={page} />
  const vehicle = (raw: string, page: (id: VehicleId) => ReactNode) => <WithId raw={raw} parse={vehicleIdOf} page={page} />
  return (
    <div className="pnc">
      <nav aria-label={words.sections}>
        <ul className="pnc-tabs">
          <li>
            <Link href="/" aria-current={location === "/" ? "page" : undefined}>{words.search}</Link>
          </li>
          {mayDecideWarrants(me) && (
            <li>
              <Link href="/warrants" aria-current={location.startsWith("/warrants") ? "page" : undefined}>{words.warrantQueue}</Link>
            </li>
          )}
        </ul>
      </nav>
      <Switch>
        <Route path="/">
          <SearchPage />
        </Route>
        <Route path="/people/:id/history">{(params) => person(params.id, (id) => <HistoryPage key={id} subject={{ kind: "person", id }} />)}</Route>
        <Route path="/people/:id">{(params) => person(params.id, (id) => <PersonPage key={id} id={id} me={me} />)}</Route>
        <Route path="/vehicles/:id/history">{(params) => vehicle(params.id, (id) => <HistoryPage key={id} subject={{ kind: "vehicle", id }} />)}</Route>
        <Route path="/vehicles/:id">{(params) => vehicle(params.id, (id) => <VehiclePage key={id} id={id} me={me} />)}</Route>
        {mayDecideWarrants(me) && (
          <Route path="/warrants">
            <WarrantQueue me={me} />
          </Route>
        )}
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </div>
  )
}

export default PncRoom
