import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useId, useState } from "react"
import { Link } from "wouter"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { formatPounds } from "../../ui/money.js"
import { type Charge, chargeKeys, CHARGES_PAGE, changeCharge, type Standing, useCharges } from "./queries.js"

const words = adminIntegrations.charges
const SEARCH_PAUSE_MS = 250
const STANDINGS = Object.keys(words.standingWords) as ReadonlyArray<Standing>

/** A charge's standing, by colour and by word. */
export const ChargeStanding = ({ charge }: { readonly charge: Charge }) =>
  charge.active ? <span className="badge ok">{words.active}</span> : <span className="badge muted">{words.inactive}</span>

/** The catalogue: searched as one types, in use, retired or all; each charge's page by its code; retire or bring back in a row. */
export const ChargeList = ({ mayRead }: { readonly mayRead: boolean }) => {
  const [search, setSearch] = useState("")
  const [standing, setStanding] = useState<Standing>("true")
  // Read once the typing pauses: a word typed is one read, not one a letter.
  const [searched, setSearched] = useState("")
  useEffect(() => {
    const timer = setTimeout(() => setSearched(search), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [search])
  const charges = useCharges(searched, standing, mayRead)
  const queries = useQueryClient()
  const [notice, setNotice] = useState("")
  const [failure, setFailure] = useState<Error | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const ids = { search: useId(), standing: useId(), hint: useId() }

  const setActive = (charge: Charge, active: boolean) => {
    setBusy(charge.id)
    setFailure(null)
    changeCharge(charge.id, { active }).then(
      (changed) => {
        setNotice(active ? words.restored(changed.code) : words.retired(changed.code))
        void queries.invalidateQueries({ queryKey: chargeKeys.all })
      },
      (error: unknown) => setFailure(error instanceof Error ? error : new Error(String(error)))
    ).finally(() => setBusy(null))
  }

  const rows = charges.data?.data ?? []
  return (
    <section className="integr-section" aria-labelledby={`${ids.search}-title`}>
      <div className="integr-head">
        <h2 id={`${ids.search}-title`}>{words.title}</h2>
        <Link href="/new" className="button primary">{words.newCharge}</Link>
      </div>
      <p className="muted">{words.lead}</p>
      {!mayRead && <p className="notice warn">{words.cannotList}</p>}
      {mayRead && (
        <>
          <form className="inline-form" role="search" aria-label={words.search} onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={ids.search}>{words.search}</label>
            <input
              id={ids.search}
              type="search"
              value={search}
              maxLength={100}
              aria-describedby={ids.hint}
              onChange={(event) => setSearch(event.target.value)}
            />
            <small id={ids.hint} className="muted">{words.searchHint}</small>
            <label htmlFor={ids.standing}>{words.standing}</label>
            <select id={ids.standing} value={standing} onChange={(event) => setStanding(event.target.value as Standing)}>
              {STANDINGS.map((each) => <option key={each} value={each}>{words.standingWords[each]}</option>)}
            </select>
          </form>
          <p role="status" className="integr-status">{notice}</p>
          <FormProblem failure={failure} />
          {charges.error !== null && <FormProblem failure={charges.error} />}
          <p className="muted" aria-live="polite">
            {charges.isPending ? adminIntegrations.loading : words.count(rows.length)}
            {charges.data?.meta.hasMore === true && ` ${words.firstOnly(CHARGES_PAGE)}`}
          </p>
          {charges.isSuccess && rows.length === 0 && <p>{searched.trim() === "" && standing === "true" ? words.emptyCatalogue : words.empty}</p>}
          {rows.length > 0 && (
            <div className="integr-table-wrap">
              <table aria-label={words.listLabel}>
                <thead>
                  <tr>
                    <th scope="col">{words.columns.code}</th>
                    <th scope="col">{words.columns.title}</th>
                    <th scope="col">{words.columns.category}</th>
                    <th scope="col" className="num">{words.columns.fine}</th>
                    <th scope="col" className="num">{words.columns.points}</th>
                    <th scope="col">{words.columns.endorsement}</th>
                    <th scope="col">{words.columns.custody}</th>
                    <th scope="col">{words.columns.warning}</th>
                    <th scope="col">{words.columns.standing}</th>
                    <th scope="col">{words.columns.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((charge) => (
                    <tr key={charge.id}>
                      <th scope="row">
                        <Link href={`/${charge.id}`} aria-label={words.edit(charge.code)}>{charge.code}</Link>
                      </th>
                      <td>{charge.title}</td>
                      <td>{charge.category ?? adminIntegrations.none}</td>
                      <td className="num">{words.fineRange(formatPounds(charge.fineMin), formatPounds(charge.fineMax))}</td>
                      <td className="num">{charge.points}</td>
                      <td>{charge.endorsementCode ?? adminIntegrations.none}</td>
                      <td>{charge.custodyMaxDays === null ? adminIntegrations.none : words.days(charge.custodyMaxDays)}</td>
                      <td>{charge.warningApplicable ? adminIntegrations.yes : adminIntegrations.no}</td>
                      <td>
                        <ChargeStanding charge={charge} />
                      </td>
                      <td>
                        <button
                          type="button"
                          className="small"
                          disabled={busy === charge.id}
                          aria-label={charge.active ? words.retireOf(charge.code) : words.restoreOf(charge.code)}
                          onClick={() => setActive(charge, !charge.active)}
                        >
                          {charge.active ? words.retire : words.restore}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  )
}
