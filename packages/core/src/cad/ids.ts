import { EntityId } from "../kernel/index.js"

/** The ids of CAD's entities, each the API's `Id`, branded. */
export const UnitId = EntityId("UnitId")
export type UnitId = typeof UnitId.Type

export const IncidentId = EntityId("IncidentId")
export type IncidentId = typeof IncidentId.Type

export const CrewMemberId = EntityId("CrewMemberId")
export type CrewMemberId = typeof CrewMemberId.Type

export const CallId = EntityId("CallId")
export type CallId = typeof CallId.Type

export const CadEventId = EntityId("CadEventId")
export type CadEventId = typeof CadEventId.Type
