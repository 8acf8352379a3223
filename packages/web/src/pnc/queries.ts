import { CivilianId, VehicleId } from "@bluelight/core/civilians"
import { useQuery } from "@tanstack/react-query"
import { Option, Schema } from "effect"
import { call } from "../api/client.js"
import { pncKeys } from "./keys.js"

/** The PNC room's reads, each through the typed client under `pncKeys`, so any PNC write that invalidates `pncKeys.all` refreshes them. */

export type PersonId = CivilianId
export type { VehicleId }

/** An id from the address, as the API's id (`null` when it cannot be one: the page says there is no such record). */
export const personIdOf = (raw: string): PersonId | null => Option.getOrNull(Schema.decodeUnknownOption(CivilianId)(raw))
export const vehicleIdOf = (raw: string): VehicleId | null => Option.getOrNull(Schema.decodeUnknownOption(VehicleId)(raw))

/** How many results of each kind the search shows; more than that says so. */
export const SEARCH_LIMIT = 20

/** The room's one search: people and vehicles for the same words at once, both cancelled together when superseded. */
export const searchPnc = async (term: string, signal: AbortSignal) => {
  const [people, vehicles] = await Promise.all([
    call((api) => api.pnc.searchCivilians({ query: { search: term, limit: SEARCH_LIMIT, offset: 0 } }), signal),
    call((api) => api.pnc.searchVehicles({ query: { search: term, limit: SEARCH_LIMIT, offset: 0 } }), signal)
  ])
  return {
    people: people.data,
    vehicles: vehicles.data,
    morePeople: people.meta.hasMore,
    moreVehicles: vehicles.meta.hasMore
  }
}
export type PncSearchResults = Awaited<ReturnType<typeof searchPnc>>

/** `GET /pnc/civilians/{id}`: the official person view (nothing read for `null`). */
export const usePncPerson = (id: PersonId | null) =>
  useQuery({
    queryKey: pncKeys.person(id ?? ""),
    queryFn: ({ signal }) => call((api) => api.pnc.getPerson({ params: { id: id! } }), signal).then((answer) => answer.data),
    enabled: id !== null
  })

/** `GET /pnc/vehicles/{id}`: the vehicle record with its keeper chain and alerts (nothing read for `null`). */
export const usePncVehicle = (id: VehicleId | null) =>
  useQuery({
    queryKey: pncKeys.vehicle(id ?? ""),
    queryFn: ({ signal }) => call((api) => api.pnc.getVehicle({ params: { id: id! } }), signal).then((answer) => answer.data),
    enabled: id !== null
  })

/** How many records the person's page reads at once (the API's largest page). */
export const RECORDS_LIMIT = 100

/** `GET /pnc/civilians/{id}/records`: every record, the latest occurrence first. */
export const usePersonRecords = (id: PersonId) =>
  useQuery({
    queryKey: pncKeys.records(id),
    queryFn: ({ signal }) =>
      call((api) => api.pncRecords.listCivilianRecords({ params: { id }, query: { limit: RECORDS_LIMIT, offset: 0 } }), signal)
        .then((answer) => ({ records: answer.data, more: answer.meta.hasMore }))
  })

/** One record of a person's, as `GET /pnc/civilians/{id}/records` answers it. */
export type PncRecord = NonNullable<ReturnType<typeof usePersonRecords>["data"]>["records"][number]

/** Entries of the history on one page. */
export const HISTORY_LIMIT = 25

export type HistorySubject = { readonly kind: "person"; readonly id: PersonId } | { readonly kind: "vehicle"; readonly id: VehicleId }

/** `GET /pnc/events?civilianId=` or `?vehicleId=`: one page of the history, newest first; the page before stays shown while the next loads. */
export const useHistory = (subject: HistorySubject, offset: number) =>
  useQuery({
    queryKey: [...pncKeys.history(subject.kind, subject.id), offset] as const,
    queryFn: ({ signal }) =>
      call((api) =>
        api.pnc.listPncEvents({
          query: {
            ...(subject.kind === "person" ? { civilianId: subject.id } : { vehicleId: subject.id }),
            limit: HISTORY_LIMIT,
            offset
          }
        }), signal).then((answer) => ({ entries: answer.data, more: answer.meta.hasMore })),
    placeholderData: (previous) => previous
  })
export type HistoryEntry = NonNullable<ReturnType<typeof useHistory>["data"]>["entries"][number]
