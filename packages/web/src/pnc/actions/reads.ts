import { useQuery } from "@tanstack/react-query"
import { call } from "../../api/client.js"
import { pncKeys } from "../keys.js"
import type { usePersonRecords } from "../queries.js"

/** The PNC reads the actions need beside the page's own: the charges catalogue, the warrants waiting. */

/** A record as the person's page reads it (`usePersonRecords`, under the same key as the PNC room's records panel). */
export type PncRecord = NonNullable<ReturnType<typeof usePersonRecords>["data"]>["records"][number]

/** The active charges whose code, title or category hold the words searched (all of them, 25 by code, for no words). */
export const useCharges = (search: string) =>
  useQuery({
    queryKey: [...pncKeys.charges, search],
    queryFn: ({ signal }) =>
      call((api) => api.pncCharges.listCharges({ query: { limit: 25, ...(search.trim() === "" ? {} : { search: search.trim() }) } }), signal)
        .then((answer) => answer.data),
    placeholderData: (previous) => previous
  })

export const usePendingWarrants = () =>
  useQuery({
    queryKey: pncKeys.warrants("PENDING_APPROVAL"),
    queryFn: () => call((api) => api.pncRecords.listWarrants({ query: { status: "PENDING_APPROVAL", limit: 100 } }))
  })
export type PendingWarrant = NonNullable<ReturnType<typeof usePendingWarrants>["data"]>["data"][number]
