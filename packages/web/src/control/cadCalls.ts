import type { CrewUser } from "@bluelight/core/cad"
import { call } from "../api/client.js"
import type { Call, Entry, Incident, Unit } from "./board.js"
import type { IncidentFieldsInput, Intent } from "./intents.js"
import { allPages, newestEntries } from "./paging.js"

/** Control's reads and writes, each one operation of the typed client. */

export const readBoard = async () => {
  // The last `seq` first: the lists read afterwards are at least as new, and the feed replays from it.
  const events = await newestEntries<Entry>((query) => call((api) => api.cadEvents.listCadEvents({ query })))
  const [incidents, units, calls] = await Promise.all([
    allPages<Incident>((page) => call((api) => api.cadIncidents.listIncidents({ query: { ...page, status: "OPEN" } }))),
    allPages<Unit>((page) => call((api) => api.cadUnits.listUnits({ query: page }))),
    allPages<Call>((page) => call((api) => api.cadCalls.listCalls({ query: { ...page, status: "WAITING" } })))
  ])
  return { incidents, units, calls, entries: events.entries, seq: events.seq }
}

export const getIncident = (id: Incident["id"]) => call((api) => api.cadIncidents.getIncident({ params: { id } })).then((answer) => answer.data)

export const getUnit = (id: Unit["id"]) => call((api) => api.cadUnits.getUnit({ params: { id } })).then((answer) => answer.data)

export const createIncident = (fields: IncidentFieldsInput) => call((api) => api.cadIncidents.createIncident({ payload: fields })).then((answer) => answer.data)

export const createUnit = (fields: { readonly callsign: string; readonly agencyCode: string; readonly type: Unit["type"] }) =>
  call((api) => api.cadUnits.createUnit({ payload: fields })).then((answer) => answer.data)

export const eligibleCrew = (search: string, signal?: AbortSignal): Promise<ReadonlyArray<CrewUser>> =>
  call((api) => api.cadUnits.listEligibleCrew({ query: { limit: 100, ...(search.trim() === "" ? {} : { search }) } }), signal).then((answer) => answer.data)

export const addCrew = (unitId: Unit["id"], userId: CrewUser["id"], identifier: string) =>
  call((api) => api.cadUnits.addCrew({ params: { id: unitId }, payload: { userId, identifier } })).then((answer) => answer.data)

export const removeCrew = (unitId: Unit["id"], crewId: Unit["crew"][number]["id"]) =>
  call((api) => api.cadUnits.removeCrew({ params: { id: unitId, crewId } })).then((answer) => answer.data)

export const attachCall = (callId: Call["id"], incidentId: Incident["id"]) =>
  call((api) => api.cadCalls.attachCall({ params: { id: callId }, payload: { incidentId } })).then((answer) => answer.data)

export const closeCall = (callId: Call["id"], reason: string) =>
  call((api) => api.cadCalls.closeCall({ params: { id: callId }, payload: { reason } })).then((answer) => answer.data)

/** What a move answers: the unit or incident as it now stands, to put on the board. */
export type Written = { readonly unit: Unit } | { readonly incident: Incident }

/** Runs an intent with `version`, the record's current one as the board holds it. */
export const runIntent = async (intent: Intent, version: number): Promise<Written> => {
  switch (intent.kind) {
    case "assign": {
      const { incident: _incident, ...unit } =
        (await call((api) => api.cadIncidents.assignUnit({ params: { id: intent.incidentId }, payload: { unitId: intent.unitId, version } }))).data
      return { unit }
    }
    case "clear":
      return {
        unit: (await call((api) => api.cadIncidents.clearUnit({ params: { id: intent.incidentId }, payload: { unitId: intent.unitId, version } }))).data
      }
    case "status":
      return { unit: (await call((api) => api.cadUnits.setUnitStatus({ params: { id: intent.unitId }, payload: { status: intent.status, version } }))).data }
    case "updateIncident":
      return {
        incident: (await call((api) => api.cadIncidents.updateIncident({ params: { id: intent.incidentId }, payload: { ...intent.fields, version } }))).data
      }
    case "closeIncident":
      return { incident: (await call((api) => api.cadIncidents.closeIncident({ params: { id: intent.incidentId }, payload: { version } }))).data }
  }
}
