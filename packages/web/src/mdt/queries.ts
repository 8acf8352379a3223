import type { IncidentId, UnitId } from "@bluelight/core/cad"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { call } from "../api/client.js"

/** The MDT's reads and writes, each through the typed client; the query keys are the MDT's own. */
export const mdtKeys = {
  me: ["mdt", "me"] as const,
  units: ["mdt", "units"] as const,
  incident: (id: string) => ["mdt", "incident", id] as const,
  person: (id: string) => ["mdt", "pnc", "person", id] as const,
  vehicle: (id: string) => ["mdt", "pnc", "vehicle", id] as const
}

const fetchMyMdt = () => call((api) => api.mdt.myMdt({ query: {} })).then((answer) => answer.data)
export type MyMdt = Awaited<ReturnType<typeof fetchMyMdt>>

/** `GET /mdt/me`; without the live feed (no `cad.view`) read again every 30 seconds. */
export const useMyMdt = (polled: boolean) => useQuery({ queryKey: mdtKeys.me, queryFn: fetchMyMdt, refetchInterval: polled ? 30_000 : false })

/** The units one may book on to: every unit (booking on makes an off-duty one available), by callsign. */
export const useUnits = (enabled: boolean) =>
  useQuery({
    queryKey: mdtKeys.units,
    queryFn: () => call((api) => api.cadUnits.listUnits({ query: { limit: 100, offset: 0 } })).then((answer) => answer.data),
    enabled
  })

/** `GET /cad/incidents/{id}`: the incident with every unit attending (the other units). */
export const useIncidentDetail = (id: IncidentId | null, enabled: boolean) =>
  useQuery({
    queryKey: mdtKeys.incident(id ?? ""),
    queryFn: () => call((api) => api.cadIncidents.getIncident({ params: { id: id! } })).then((answer) => answer.data),
    enabled: enabled && id !== null
  })
export type IncidentDetailData = NonNullable<ReturnType<typeof useIncidentDetail>["data"]>

/** Each MDT write answers the whole MDT state: it replaces what is on screen. */
const useMdtWrite = <I>(write: (input: I) => Promise<MyMdt>) => {
  const queries = useQueryClient()
  return useMutation({ mutationFn: write, onSuccess: (mdt) => queries.setQueryData(mdtKeys.me, mdt) })
}

export const useBookOn = () =>
  useMdtWrite((input: { readonly unitId: UnitId; readonly identifier: string }) =>
    call((api) => api.mdt.bookOn({ payload: input })).then((answer) => answer.data)
  )

export const useBookOff = () => useMdtWrite((_: void) => call((api) => api.mdt.bookOff()).then((answer) => answer.data))

export const useSetStatus = () =>
  useMdtWrite((input: { readonly status: "AVAILABLE" | "EN_ROUTE" | "ON_SCENE" | "BUSY" | "UNAVAILABLE"; readonly version: number }) =>
    call((api) => api.mdt.setMyUnitStatus({ payload: input })).then((answer) => answer.data)
  )

type CivilianId = PncResults["people"][number]["id"]
type VehicleId = PncResults["vehicles"][number]["id"]

export const usePerson = (id: CivilianId | null) =>
  useQuery({
    queryKey: mdtKeys.person(id ?? ""),
    queryFn: () => call((api) => api.pnc.getPerson({ params: { id: id! } })).then((answer) => answer.data),
    enabled: id !== null
  })

export const useVehicle = (id: VehicleId | null) =>
  useQuery({
    queryKey: mdtKeys.vehicle(id ?? ""),
    queryFn: () => call((api) => api.pnc.getVehicle({ params: { id: id! } })).then((answer) => answer.data),
    enabled: id !== null
  })

/** The look-up's one search: people and vehicles for the same words, at once, both cancelled together. */
export const searchPnc = async (term: string, signal: AbortSignal) => {
  const [people, vehicles] = await Promise.all([
    call((api) => api.pnc.searchCivilians({ query: { search: term, limit: 5, offset: 0 } }), signal),
    call((api) => api.pnc.searchVehicles({ query: { search: term, limit: 5, offset: 0 } }), signal)
  ])
  return { people: people.data, vehicles: vehicles.data }
}
export type PncResults = Awaited<ReturnType<typeof searchPnc>>
