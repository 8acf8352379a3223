import { markerWords, pnc as words, vehicleFlagWords } from "../strings/index.js"
import { vehicleFlags } from "../mdt/pncFlags.js"
import type { OfficialPerson, VehicleRecord } from "./types.js"

/**
 * What an officer must see first about a record, as badges at its top: `danger` (red) for stolen,
 * wanted and officer safety, `warn` for a vehicle's bad statuses, `info` for other markers. Each
 * carries its words, never colour alone.
 */
export interface Alert {
  readonly key: string
  readonly tone: "danger" | "warn" | "info"
  readonly text: string
}

/** Marker types that put an officer on guard: red, like a warrant. */
const DANGER_MARKERS: ReadonlySet<string> = new Set(["WANTED", "OFFICER_SAFETY", "STOLEN_VEHICLE"])
export const isDangerMarker = (type: string): boolean => DANGER_MARKERS.has(type)

const markerAlerts = (markers: ReadonlyArray<OfficialPerson["markers"][number]>): ReadonlyArray<Alert> =>
  markers.filter((marker) => marker.active).map((marker) => ({
    key: marker.id,
    tone: DANGER_MARKERS.has(marker.type) ? "danger" : "info",
    text: DANGER_MARKERS.has(marker.type) ? markerWords[marker.type].toUpperCase() : markerWords[marker.type]
  }))

/** A person's alerts: active warrants, then active markers (wanted and officer safety in red). */
export const personAlerts = (person: Pick<OfficialPerson, "markers" | "warrants">): ReadonlyArray<Alert> => {
  const warrants = person.warrants.filter((warrant) => warrant.status === "ACTIVE").length
  return [
    ...(warrants > 0 ? [{ key: "warrants", tone: "danger" as const, text: words.warrantsCount(warrants) }] : []),
    ...markerAlerts(person.markers)
  ]
}

type VehicleStatuses = Parameters<typeof vehicleFlags>[0]

/** What a vehicle in a search shows of itself: stolen, its bad statuses, how many markers. */
export const vehicleSummaryAlerts = (
  vehicle: VehicleStatuses & { readonly stolen: boolean; readonly alerts: { readonly markers: number } }
): ReadonlyArray<Alert> => [
  ...(vehicle.stolen ? [{ key: "stolen", tone: "danger" as const, text: words.stolen }] : []),
  ...vehicleFlags(vehicle).map((flag) => ({ key: flag, tone: "warn" as const, text: vehicleFlagWords[flag] })),
  ...(vehicle.alerts.markers > 0 ? [{ key: "markers", tone: "info" as const, text: words.markersCount(vehicle.alerts.markers) }] : [])
]

/** A vehicle record's alerts: stolen, its keeper's warrants and markers, its bad statuses, its other markers. */
export const vehicleAlerts = (vehicle: VehicleRecord): ReadonlyArray<Alert> => {
  const keeper = vehicle.keeper
  return [
    ...(vehicle.stolen ? [{ key: "stolen", tone: "danger" as const, text: words.stolen }] : []),
    ...(keeper !== null && keeper.alerts.warrants > 0 ? [{ key: "keeper-warrants", tone: "danger" as const, text: words.keeperWanted(keeper.alerts.warrants) }]
      : []),
    ...(keeper !== null && keeper.alerts.markers > 0 ? [{ key: "keeper-markers", tone: "warn" as const, text: words.keeperMarkers(keeper.alerts.markers) }]
      : []),
    ...vehicleFlags(vehicle).map((flag) => ({ key: flag, tone: "warn" as const, text: vehicleFlagWords[flag] })),
    // A stolen-vehicle marker is the STOLEN badge already.
    ...markerAlerts(vehicle.markers.filter((marker) => marker.type !== "STOLEN_VEHICLE"))
  ]
}
