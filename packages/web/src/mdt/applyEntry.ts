import type { CadEventView, IncidentDetail, MdtView } from "@bluelight/core/cad"
import type { FeedState } from "../live/cadFeed.js"

type Mdt = typeof MdtView.Type
type Detail = typeof IncidentDetail.Type
type Entry = typeof CadEventView.Type

/**
 * What one feed entry does to the MDT on screen: the state as the entry leaves it, and whether
 * `GET /mdt/me` must be read again (the entry concerns my unit or my incident: the next status
 * press needs the unit's new `version`, which entries do not carry; a new incident or crew
 * change needs what the entry does not say).
 */
export interface AppliedToMdt {
  readonly mdt: Mdt
  readonly refetch: boolean
}

export const applyToMdt = (mdt: Mdt, entry: Entry, myAccountId: string): AppliedToMdt => {
  const unit = mdt.unit
  if (unit === null) {
    // Not crewing: Control adding me to a crew is the one entry that changes my MDT.
    const joinedMe = entry.type === "CREW_JOINED" && entry.data.userId === myAccountId
    return { mdt, refetch: joinedMe }
  }
  if (entry.unitId === unit.id) {
    switch (entry.type) {
      case "UNIT_STATUS_CHANGED":
        return { mdt: { ...mdt, unit: { ...unit, status: entry.data.to } }, refetch: true }
      case "UNIT_ASSIGNED":
        return { mdt: { ...mdt, unit: { ...unit, status: entry.data.to, incidentId: entry.incidentId } }, refetch: true }
      case "UNIT_CLEARED":
        return { mdt: { ...mdt, unit: { ...unit, status: entry.data.to, incidentId: null }, incident: null }, refetch: true }
      case "UNIT_UPDATED":
        return { mdt: { ...mdt, unit: { ...unit, ...entry.data.after } }, refetch: true }
      default:
        return { mdt, refetch: true }
    }
  }
  const incident = mdt.incident
  if (incident !== null && entry.incidentId === incident.id) {
    switch (entry.type) {
      case "INCIDENT_UPDATED":
        return { mdt: { ...mdt, incident: { ...incident, ...entry.data.after } }, refetch: true }
      case "INCIDENT_CLOSED":
        return { mdt: { ...mdt, incident: { ...incident, status: "CLOSED" } }, refetch: true }
      default:
        // Another unit's move on my incident: the other units' list follows it (`applyToIncident`), not my MDT.
        return { mdt, refetch: false }
    }
  }
  return { mdt, refetch: false }
}

/**
 * What one feed entry does to the incident's detail on screen (the other units attending):
 * status moves and clears apply at once; a unit newly assigned needs its record read
 * (`refetch`), the entry naming only its callsign.
 */
export interface AppliedToIncident {
  readonly detail: Detail
  readonly refetch: boolean
}

export const applyToIncident = (detail: Detail, entry: Entry): AppliedToIncident => {
  const attending = entry.unitId === null ? undefined : detail.units.find((unit) => unit.id === entry.unitId)
  switch (entry.type) {
    case "UNIT_STATUS_CHANGED":
      return attending === undefined
        ? { detail, refetch: false }
        : { detail: { ...detail, units: detail.units.map((unit) => (unit === attending ? { ...unit, status: entry.data.to } : unit)) }, refetch: false }
    case "UNIT_UPDATED":
      return attending === undefined
        ? { detail, refetch: false }
        : { detail: { ...detail, units: detail.units.map((unit) => (unit === attending ? { ...unit, ...entry.data.after } : unit)) }, refetch: false }
    case "UNIT_CLEARED":
      return { detail: { ...detail, units: detail.units.filter((unit) => unit !== attending) }, refetch: false }
    case "UNIT_ASSIGNED":
      return { detail, refetch: entry.incidentId === detail.id && attending === undefined }
    case "CREW_JOINED":
    case "CREW_LEFT":
      return { detail, refetch: attending !== undefined }
    case "INCIDENT_UPDATED":
      return entry.incidentId === detail.id ? { detail: { ...detail, ...entry.data.after }, refetch: false } : { detail, refetch: false }
    default:
      return { detail, refetch: false }
  }
}

/** The units attending besides mine, by callsign. */
export const otherUnits = (detail: Detail, myUnitId: string): Detail["units"] =>
  [...detail.units.filter((unit) => unit.id !== myUnitId)].sort((a, b) => a.callsign.localeCompare(b.callsign, "en-GB"))

/**
 * Where the MDT's feeds stand together (my unit's and my incident's): stopped if one stopped,
 * else reconnecting or connecting if one is, else live.
 */
export const combinedFeedState = (states: ReadonlyArray<FeedState>): FeedState =>
  states.find((state) => state._tag === "Stopped") ??
    states.find((state) => state._tag === "Reconnecting") ??
    states.find((state) => state._tag === "Connecting") ??
    { _tag: "Live" }
