import type { AccountStatus } from "@bluelight/core/identity"
import { useId } from "react"
import { Link, useLocation, useRouter, useSearch } from "wouter"
import { admin as words } from "../../strings/index.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { Time } from "../../ui/Time.js"
import { Pager } from "../../ui/Pager.js"
import { StatusBadge } from "../../ui/StatusBadge.js"
import { ACCOUNT_STATUSES, accountTone } from "./accountStatus.js"
import { type AccountFilter, accountFilterOf, searchOfAccountFilter } from "./accountFilter.js"
import { useAccounts } from "./queries.js"

/** Every account, a page at a time, searched by display name and kept to one status; the filter is in the address. */
export const AccountList = () => {
  const id = useId()
  const { base } = useRouter()
  const [, navigate] = useLocation()
  const filter = accountFilterOf(useSearch())
  const setFilter = (next: AccountFilter) => {
    const search = searchOfAccountFilter(next)
    navigate(`~${base}${search === "" ? "" : `?${search}`}`, { replace: true })
  }
  const accounts = useAccounts(filter)
  const rows = accounts.data?.data ?? []
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{words.accounts}</h2>
      <form className="inline-form admin-filters" aria-label={words.accountFilter} role="search" onSubmit={(event) => event.preventDefault()}>
        <label>
          {words.accountSearch}
          <input type="search" value={filter.search} maxLength={100} onChange={(event) => setFilter({ ...filter, search: event.target.value, offset: 0 })} />
        </label>
        <label>
          {words.statusFilter}
          <select value={filter.status} onChange={(event) => setFilter({ ...filter, status: event.target.value as AccountStatus | "", offset: 0 })}>
            <option value="">{words.anyStatus}</option>
            {ACCOUNT_STATUSES.map((status) => <option key={status} value={status}>{words.accountStatus[status]}</option>)}
          </select>
        </label>
      </form>
      <div aria-live="polite" aria-busy={accounts.isFetching}>
        <FormProblem failure={accounts.error} />
        {accounts.isPending && <p className="muted" role="status">{words.loading}</p>}
        {accounts.isSuccess && rows.length === 0 && <p className="muted">{words.noAccounts}</p>}
        {rows.length > 0 && (
          <table aria-label={words.accountsTable}>
            <thead>
              <tr>
                <th scope="col">{words.displayName}</th>
                <th scope="col">{words.username}</th>
                <th scope="col">{words.status}</th>
                <th scope="col">{words.created}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((account) => (
                <tr key={account.id}>
                  <th scope="row">
                    <Link href={`/${account.id}`}>{account.displayName}</Link>
                  </th>
                  <td>{account.identity.username}</td>
                  <td>
                    <StatusBadge tone={accountTone(account.status)}>{words.accountStatus[account.status] ?? account.status}</StatusBadge>
                  </td>
                  <td>
                    <Time at={account.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {accounts.data !== undefined && (
        <Pager
          offset={accounts.data.meta.offset}
          size={accounts.data.meta.limit}
          shown={rows.length}
          hasMore={accounts.data.meta.hasMore}
          label={words.accountsTable}
          words={words}
          onMove={(offset) => setFilter({ ...filter, offset })}
        />
      )}
    </section>
  )
}
