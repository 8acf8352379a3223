import { useEffect, useId, useMemo, useRef, useState } from "react"
import { useLocation, useSearch } from "wouter"
import { type LookupState, makeLookup } from "../mdt/lookup.js"
import { pnc as words } from "../strings/index.js"
import { type PncSearchResults, searchPnc } from "./queries.js"
import { SearchResults } from "./SearchResults.js"

const countOf = (count: number, more: boolean) => `${count}${more ? "+" : ""}`

/** What the live region says of the search now: read out when it changes. */
const StatusLine = ({ state }: { readonly state: LookupState<PncSearchResults> }) => {
  switch (state._tag) {
    case "Idle":
      return null
    case "Searching":
      return <span>{words.searching}</span>
    case "Failed":
      return null
    case "Found":
      return (
        <span>
          {words.found(
            countOf(state.results.vehicles.length, state.results.moreVehicles),
            countOf(state.results.people.length, state.results.morePeople),
            state.term
          )}
        </span>
      )
  }
}

/**
 * The PNC's search: one box for people (name words, a CIV- reference) and vehicles (any part of a
 * plate, make and model words), answered as one types (after a pause; a newer term cancels the
 * older request). The words are kept in the address (`?q=`), so going back from a record shows them again.
 */
export const SearchPage = () => {
  const hint = useId()
  const params = new URLSearchParams(useSearch())
  const [, navigate] = useLocation()
  const [term, setTerm] = useState(() => params.get("q") ?? "")
  const [state, setState] = useState<LookupState<PncSearchResults>>({ _tag: "Idle" })
  const lookup = useMemo(() => makeLookup(searchPnc, setState), [])
  // Words that came with the address are searched at once, as if just typed.
  const opened = useRef(term)
  useEffect(() => {
    if (opened.current !== "") lookup.type(opened.current)
    return () => lookup.stop()
  }, [lookup])
  return (
    <div className="pnc-search">
      <h1>{words.title}</h1>
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <label>
          {words.searchLabel}
          <input
            type="search"
            value={term}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            aria-describedby={hint}
            onChange={(event) => {
              const typed = event.target.value
              setTerm(typed)
              lookup.type(typed)
              navigate(typed.trim() === "" ? "/" : `/?q=${encodeURIComponent(typed)}`, { replace: true })
            }}
          />
        </label>
        <p id={hint} className="muted">{words.searchHint}</p>
      </form>
      <p role="status" aria-live="polite" className="muted pnc-status">
        <StatusLine state={state} />
      </p>
      {state._tag === "Failed" && <p role="alert" className="form-problem">{state.error.message}</p>}
      {state._tag === "Found" && <SearchResults results={state.results} />}
    </div>
  )
}
