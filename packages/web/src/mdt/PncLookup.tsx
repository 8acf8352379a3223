import { useEffect, useId, useMemo, useState } from "react"
import { mdt as words } from "../strings/index.js"
import { type LookupState, makeLookup } from "./lookup.js"
import { PncDetail, type Picked } from "./PncDetail.js"
import { vehicleFlags } from "./pncFlags.js"
import { type PncResults, searchPnc } from "./queries.js"

const Results = ({ results, onPick }: { readonly results: PncResults; readonly onPick: (picked: Picked) => void }) => {
  if (results.people.length === 0 && results.vehicles.length === 0) return <p className="muted">{words.noMatches}</p>
  return (
    <ul aria-label={words.results} className="mdt-results">
      {results.vehicles.map((vehicle) => (
        <li key={vehicle.id}>
          <button type="button" className="mdt-result" onClick={() => onPick({ kind: "vehicle", id: vehicle.id })}>
            <strong className="mdt-plate">{vehicle.plate}</strong> {vehicle.make} {vehicle.model}, {vehicle.colour}{" "}
            <span className="muted">{vehicle.keeper === null ? words.noKeeper : vehicle.keeper.fullName}</span>
            {vehicle.stolen && <span className="badge danger">{words.stolen}</span>}
            {vehicle.alerts.markers > 0 && <span className="badge info">{words.markers(vehicle.alerts.markers)}</span>}
            {vehicleFlags(vehicle).length > 0 && <span className="badge warn">{words.flags}: {vehicleFlags(vehicle).length}</span>}
          </button>
        </li>
      ))}
      {results.people.map((person) => (
        <li key={person.id}>
          <button type="button" className="mdt-result" onClick={() => onPick({ kind: "person", id: person.id })}>
            <strong>{person.fullName}</strong> <span className="muted">{person.reference} · {person.dateOfBirth}</span>
            {person.status !== "ACTIVE" && <span className="badge muted">{person.status}</span>}
          </button>
        </li>
      ))}
    </ul>
  )
}

/** The quick PNC look-up: people and vehicles as one types, the latest words only; a result opens its compact record. */
export const PncLookup = () => {
  const title = useId()
  const hint = useId()
  const [term, setTerm] = useState("")
  const [state, setState] = useState<LookupState<PncResults>>({ _tag: "Idle" })
  const [picked, setPicked] = useState<Picked | null>(null)
  const lookup = useMemo(() => makeLookup(searchPnc, setState), [])
  useEffect(() => () => lookup.stop(), [lookup])
  return (
    <section className="panel mdt-pnc" aria-labelledby={title}>
      <h2 id={title}>{words.lookupTitle}</h2>
      <label>
        {words.lookup}
        <input
          type="search"
          value={term}
          autoComplete="off"
          maxLength={100}
          aria-describedby={hint}
          onChange={(event) => {
            setTerm(event.target.value)
            lookup.type(event.target.value)
          }}
        />
      </label>
      <p id={hint} className="muted">{words.lookupHint}</p>
      <div aria-live="polite">
        {state._tag === "Searching" && <p className="muted" role="status">{words.searching}</p>}
        {state._tag === "Failed" && <p role="alert" className="form-problem">{state.error.message}</p>}
        {state._tag === "Found" && <Results results={state.results} onPick={setPicked} />}
      </div>
      {picked !== null && <PncDetail picked={picked} onClose={() => setPicked(null)} />}
    </section>
  )
}
