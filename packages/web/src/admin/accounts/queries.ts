import type { AccountId, AccountStatus } from "@bluelight/core/identity"
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { call } from "../../api/client.js"
import type { AccountFilter } from "./accountFilter.js"

export const PAGE_SIZE = 25

const accountKeys = {
  all: ["admin", "accounts"] as const,
  list: (filter: AccountFilter) => ["admin", "accounts", "list", filter] as const,
  one: (id: string) => ["admin", "accounts", "one", id] as const
}

const fetchAccount = (id: string) => call((api) => api.admin.getAccount({ params: { id: id as AccountId } })).then((answer) => answer.data)
export type Account = Awaited<ReturnType<typeof fetchAccount>>

/** `GET /admin/accounts`: a page of accounts, by display name and status. */
export const useAccounts = (filter: AccountFilter) =>
  useQuery({
    queryKey: accountKeys.list(filter),
    queryFn: ({ signal }) =>
      call((api) =>
        api.admin.listAccounts({
          query: {
            limit: PAGE_SIZE,
            offset: filter.offset,
            ...(filter.search.trim() === "" ? {} : { search: filter.search.trim() }),
            ...(filter.status === "" ? {} : { status: filter.status })
          }
        }), signal),
    placeholderData: keepPreviousData
  })

/** `GET /admin/accounts/{id}`. */
export const useAccount = (id: string) => useQuery({ queryKey: accountKeys.one(id), queryFn: () => fetchAccount(id) })

/** `PATCH /admin/accounts/{id}` `{status}`: the account as it now is replaces the one shown; the lists are read again. */
export const useSetAccountStatus = (id: string) => {
  const queries = useQueryClient()
  return useMutation({
    mutationFn: (status: AccountStatus) =>
      call((api) => api.admin.updateAccount({ params: { id: id as AccountId }, payload: { status } })).then((answer) => answer.data),
    onSuccess: (account) => {
      queries.setQueryData(accountKeys.one(id), account)
      void queries.invalidateQueries({ queryKey: [...accountKeys.all, "list"] })
    }
  })
}
