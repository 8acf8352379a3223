import type { AccountId } from "@bluelight/core/identity"
import { useDeferredValue, useId, useState } from "react"
import { staff as words } from "../strings/index.js"
import { useAccountSearch } from "./queries.js"

/** Finding an account by display name (`GET /admin/accounts`, admin.manage) and choosing one of the results. */
export const AccountPicker = (
  { chosen, onChoose, problemsId, invalid }: {
    readonly chosen: string
    readonly onChoose: (id: AccountId) => void
    readonly problemsId: string
    readonly invalid: boolean
  }
) => {
  const ids = { search: useId(), hint: useId() }
  const [search, setSearch] = useState("")
  const deferred = useDeferredValue(search.trim())
  const found = useAccountSearch(deferred)
  return (
    <div className="field">
      <label htmlFor={ids.search}>{words.findAccount}</label>
      <input
        id={ids.search}
        type="search"
        value={search}
        maxLength={100}
        autoComplete="off"
        aria-describedby={invalid ? `${ids.hint} ${problemsId}` : ids.hint}
        aria-invalid={invalid || undefined}
        onChange={(event) => setSearch(event.target.value)}
      />
      <p id={ids.hint} className="muted">{words.findAccountHint}</p>
      <div aria-live="polite">
        {found.error !== null && <p role="alert" className="form-problem">{found.error.message}</p>}
        {found.data !== undefined && (found.data.length === 0 ? <p className="muted">{words.noAccounts}</p> : (
          <fieldset className="account-results">
            <legend>{words.accountResults}</legend>
            {found.data.map((account) => (
              <label key={account.id} className="check">
                <input type="radio" name={ids.search} value={account.id} checked={chosen === account.id} onChange={() => onChoose(account.id)} />
                {account.displayName} <span className="muted">@{account.identity.username} · {account.status}</span>
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </div>
  )
}
