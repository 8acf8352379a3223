import type { CadEventView, Call, Incident, UnitView } from "@bluelight/core/cad"
import { DateTime } from "effect"

/** The priorities, most urgent first: the order of the incident list (the API's `listIncidents` order). */
export const PRIORITY_ORDER = ["IMMEDIATE", "PRIORITY", "SCHEDULED", "RESOLUTION"] as const

export type { Call, Incident }
export type Unit = UnitView
export type Entry = CadEventView

/** A `;panic` from the game, on screen until a dispatcher acknowledges it. */
export interface Panic {
  readonly seq: number
  readonly unitId: Unit["id"] | null
  readonly incidentId: Incident["id"] | null
  readonly callsign: string
  readonly incidentNumber: number
  readonly location: string
  readonly text: string
}

/**
 * The board as data, normalised by id: an entry replaces the one record it
 * changes (and leaves every other record the same object), so a row drawn from
 * a record that did not change is not drawn again.
 */
export interface Board {
  readonly incidents: ReadonlyMap<Incident["id"], Incident>
  readonly units: ReadonlyMap<Unit["id"], Unit>
  readonly calls: ReadonlyMap<Call["id"], Call>
  /** The newest entries first, at most `LOG_SIZE`. */
  readonly log: ReadonlyArray<Entry>
  readonly panics: ReadonlyArray<Panic>
  /** The last `seq` applied: the feed follows from here. */
  readonly seq: number
}

/** How many CAD log entries the board keeps on screen. */
export const LOG_SIZE = 100

export const byId = <A extends { readonly id: K }, K>(items: ReadonlyArray<A>): ReadonlyMap<K, A> => new Map(items.map((item) => [item.id, item]))

export const emptyBoard: Board = { incidents: new Map(), units: new Map(), calls: new Map(), log: [], panics: [], seq: 0 }

/** The board as first read: open incidents, every unit, waiting calls, the newest entries (oldest first, as read) and the last `seq`. */
export const boardOf = (read: {
  readonly incidents: ReadonlyArray<Incident>
  readonly units: ReadonlyArray<Unit>
  readonly calls: ReadonlyArray<Call>
  readonly entries: ReadonlyArray<Entry>
  readonly seq: number
}): Board => ({
  incidents: byId(read.incidents.filter((incident) => incident.status === "OPEN")),
  units: byId(read.units),
  calls: byId(read.calls.filter((call) => call.status === "WAITING")),
  log: [...read.entries].reverse().slice(0, LOG_SIZE),
  panics: [],
  seq: read.seq
})

// ------------------------------------------------------------------ order

const priorityRank = (incident: Incident): number => PRIORITY_ORDER.indexOf(incident.priority)

/** Open incidents by priority (most urgent first), then by number. */
export const sortedIncidents = (incidents: ReadonlyMap<Incident["id"], Incident>): ReadonlyArray<Incident> =>
  [...incidents.values()].sort((a, b) => priorityRank(a) - priorityRank(b) || a.number - b.number)

const callsignOrder = new Intl.Collator("en-GB", { numeric: true, sensitivity: "base" })

/** Units by callsign (`MP-2` before `MP-10`). */
export const sortedUnits = (units: ReadonlyMap<Unit["id"], Unit>): ReadonlyArray<Unit> =>
  [...units.values()].sort((a, b) => callsignOrder.compare(a.callsign, b.callsign) || (a.id < b.id ? -1 : 1))

const millis = (at: DateTime.Utc): number => DateTime.toEpochMillis(at)

/** Waiting calls, oldest first. */
export const sortedCalls = (calls: ReadonlyMap<Call["id"], Call>): ReadonlyArray<Call> =>
  [...calls.values()].sort((a, b) => millis(a.createdAt) - millis(b.createdAt))

// ------------------------------------------------------------------ records

const withRecord = <K, A>(map: ReadonlyMap<K, A>, key: K, value: A | undefined): ReadonlyMap<K, A> => {
  const next = new Map(map)
  if (value === undefined) next.delete(key)
  else next.set(key, value)
  return next
}

/** The board with `incident` as read (an answer, a refetch): a closed one leaves the board. */
export const putIncident = (board: Board, incident: Incident): Board => ({
  ...board,
  incidents: withRecord(board.incidents, incident.id, incident.status === "OPEN" ? incident : undefined)
})

/** The board with `unit` as read. */
export const putUnit = (board: Board, unit: Unit): Board => ({ ...board, units: withRecord(board.units, unit.id, unit) })

/** The board with `call` as read: only a waiting call stays on it. */
export const putCall = (board: Board, call: Call): Board => ({
  ...board,
  calls: withRecord(board.calls, call.id, call.status === "WAITING" ? call : undefined)
})

export const acknowledgePanic = (board: Board, seq: number): Board => ({ ...board, panics: board.panics.filter((panic) => panic.seq !== seq) })

/** Whether a unit or incident has a panic on screen, to mark its row. */
export const panicOf = (panics: ReadonlyArray<Panic>) => ({
  units: new Set(panics.map((panic) => panic.unitId)),
  incidents: new Set(panics.map((panic) => panic.incidentId))
})

const ATTENDING = ["ASSIGNED", "EN_ROUTE", "ON_SCENE"] as const
const FREE = ["AVAILABLE", "BUSY", "UNAVAILABLE"] as const

/** The statuses Control may move a unit to (the API's rule, `moveStatus`): on an incident, or crewed and free; none when off duty. */
export const statusMoves = (unit: Pick<Unit, "status" | "incidentId">): ReadonlyArray<Unit["status"]> =>
  unit.status === "OFF_DUTY" ? [] : (unit.incidentId === null ? FREE : ATTENDING).filter((status) => status !== unit.status)

/** The callsigns of the units attending each incident, as one text per incident (a row redrawn only when its own changes). */
export const attendingByIncident = (units: ReadonlyArray<Unit>): ReadonlyMap<Incident["id"], string> => {
  const callsigns = new Map<Incident["id"], Array<string>>()
  for (const unit of units) {
    if (unit.incidentId === null) continue
    const list = callsigns.get(unit.incidentId) ?? []
    list.push(unit.callsign)
    callsigns.set(unit.incidentId, list)
  }
  return new Map([...callsigns].map(([id, list]) => [id, list.join(", ")]))
}
