import { useDeferredValue, useId, useState } from "react"
import { pncActions } from "../../strings/pncActions.js"
import { type Allowance, allowance, type Cited, cite, MAX_COUNT, recount, uncite } from "./citation.js"
import { formatPounds } from "../../ui/money.js"
import { useCharges } from "./reads.js"

const words = pncActions.charges

const fines = (a: Pick<Allowance, "fineMin" | "fineMax">) => words.range(formatPounds(a.fineMin), formatPounds(a.fineMax))

/** What the charges cited allow, summed, said as they change (`aria-live`). */
const Allowed = ({ cited }: { readonly cited: ReadonlyArray<Cited> }) => {
  const allowed = allowance(cited)
  return (
    <div className="pnc-allowed" aria-live="polite">
      {cited.length === 0 ? <p className="muted">{words.noneCited}</p> : (
        <>
          <h4>{words.allowed}</h4>
          <dl className="facts">
            <dt>{words.allowedFine}</dt>
            <dd>{fines(allowed)}</dd>
            <dt>{words.allowedPoints}</dt>
            <dd>{allowed.pointsSum > allowed.points ? `${allowed.points} ${words.capped(allowed.pointsSum)}` : allowed.points}</dd>
            <dt>{words.endorsement}</dt>
            <dd>{allowed.points > 0 && allowed.endorsementCode !== undefined ? allowed.endorsementCode : words.noEndorsement}</dd>
          </dl>
        </>
      )}
    </div>
  )
}

/**
 * The charges a new record cites: search the catalogue, cite a charge (again to count it twice), set
 * how many times, remove it. Each cited charge shows its own fine range and points for its count,
 * and the sums the record's fine and points must keep to.
 */
export const ChargePicker = ({ cited, onChange }: { readonly cited: ReadonlyArray<Cited>; readonly onChange: (cited: ReadonlyArray<Cited>) => void }) => {
  const id = useId()
  const [search, setSearch] = useState("")
  const deferred = useDeferredValue(search)
  const charges = useCharges(deferred)
  return (
    <fieldset className="pnc-charges">
      <legend>{words.heading}</legend>
      {cited.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{words.code}</th>
              <th scope="col">{words.title}</th>
              <th scope="col">{words.count}</th>
              <th scope="col">{words.fines}</th>
              <th scope="col">{words.points}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {cited.map((each) => {
              const own = allowance([each])
              return (
                <tr key={each.charge.id}>
                  <th scope="row">{each.charge.code}</th>
                  <td>{each.charge.title}</td>
                  <td>
                    <input
                      type="number"
                      className="pnc-count"
                      min={1}
                      max={MAX_COUNT}
                      value={each.count}
                      aria-label={words.countOf(each.charge.code)}
                      onChange={(event) => onChange(recount(cited, each.charge.id, Number(event.target.value)))}
                    />
                  </td>
                  <td>{fines(own)}</td>
                  <td>{own.pointsSum}</td>
                  <td>
                    <button type="button" className="quiet" onClick={() => onChange(uncite(cited, each.charge.id))}>{words.uncite(each.charge.code)}</button>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      )}
      <Allowed cited={cited} />
      <div className="field">
        <label htmlFor={`${id}-search`}>{words.search}</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} aria-describedby={`${id}-hint`} />
        <p id={`${id}-hint`} className="muted hint">{words.searchHint}</p>
      </div>
      <div aria-live="polite" aria-busy={charges.isFetching}>
        {charges.error !== null ? <p role="alert" className="form-problem">{words.loadFailed}: {charges.error.message}</p>
          : charges.data === undefined ? <p className="muted">{words.searching}</p>
          : charges.data.length === 0 ? <p className="muted">{words.noMatches}</p>
          : (
            <ul className="pnc-found" aria-label={words.found}>
              {charges.data.map((charge) => (
                <li key={charge.id}>
                  <button type="button" onClick={() => onChange(cite(cited, charge))}>{words.cite(charge.code)}</button>
                  <span>{charge.title}</span>
                  <span className="muted">{fines(allowance([{ charge, count: 1 }]))}, {pncActions.records.pointsOf(charge.points)}</span>
                </li>
              ))}
            </ul>
          )}
      </div>
    </fieldset>
  )
}
