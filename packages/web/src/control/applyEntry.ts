import { DateTime } from "effect"
import { type Board, type Call, type Entry, type Incident, LOG_SIZE, type Unit } from "./board.js"

/** A record whose `version` an entry moved: the board reads it again by id to hold its current `version`. */
export type Stale = { readonly kind: "incident"; readonly id: Incident["id"] } | { readonly kind: "unit"; readonly id: Unit["id"] }

export interface Applied {
  readonly board: Board
  readonly stale: ReadonlyArray<Stale>
}

/**
 * Whether `record` was read after the change `entry` records (an answer or a
 * refetch newer than the entry): then the entry is already in it, and applying
 * it again could only move it back.
 */
const readSince = (record: { readonly updatedAt: DateTime.Utc }, entry: Entry): boolean =>
  DateTime.toEpochMillis(record.updatedAt) >= DateTime.toEpochMillis(entry.at)

const set = <K, A>(map: ReadonlyMap<K, A>, key: K, value: A): ReadonlyMap<K, A> => new Map(map).set(key, value)
const without = <K, A>(map: ReadonlyMap<K, A>, key: K): ReadonlyMap<K, A> => {
  if (!map.has(key)) return map
  const next = new Map(map)
  next.delete(key)
  return next
}

/** The unit the entry names, changed by `change`, and read again afterwards (its `version` moved). */
const changeUnit = (board: Board, entry: Entry, change: (unit: Unit) => Unit): Applied => {
  const id = entry.unitId
  if (id === null) return { board, stale: [] }
  const unit = board.units.get(id)
  if (unit === undefined) return { board, stale: [{ kind: "unit", id }] }
  if (readSince(unit, entry)) return { board, stale: [] }
  return { board: { ...board, units: set(board.units, id, { ...change(unit), updatedAt: entry.at }) }, stale: [{ kind: "unit", id }] }
}

const changeIncident = (board: Board, entry: Entry, change: (incident: Incident) => Incident): Applied => {
  const id = entry.incidentId
  if (id === null) return { board, stale: [] }
  const incident = board.incidents.get(id)
  if (incident === undefined) return { board, stale: [{ kind: "incident", id }] }
  if (readSince(incident, entry)) return { board, stale: [] }
  return {
    board: { ...board, incidents: set(board.incidents, id, { ...change(incident), updatedAt: entry.at }) },
    stale: [{ kind: "incident", id }]
  }
}

const unchanged = (board: Board): Applied => ({ board, stale: [] })

/** What one entry changes of the records on the board (the log and `seq` aside). */
const applyToRecords = (board: Board, entry: Entry): Applied => {
  switch (entry.type) {
    case "INCIDENT_CREATED": {
      const id = entry.incidentId
      if (id === null || board.incidents.has(id)) return unchanged(board)
      const { number, type, priority, location, description, controlNotes } = entry.data
      const incident: Incident = {
        id,
        number,
        status: "OPEN",
        type,
        priority,
        location,
        description,
        controlNotes,
        version: 1,
        createdAt: entry.at,
        updatedAt: entry.at,
        closedAt: null
      }
      return unchanged({ ...board, incidents: set(board.incidents, id, incident) })
    }
    case "INCIDENT_UPDATED":
      return changeIncident(board, entry, (incident) => ({ ...incident, ...entry.data.after }))
    case "INCIDENT_CLOSED":
      return entry.incidentId === null ? unchanged(board) : unchanged({ ...board, incidents: without(board.incidents, entry.incidentId) })
    case "UNIT_CREATED": {
      const id = entry.unitId
      if (id === null || board.units.has(id)) return unchanged(board)
      const unit: Unit = {
        id,
        ...entry.data,
        status: "OFF_DUTY",
        incidentId: null,
        version: 1,
        createdAt: entry.at,
        updatedAt: entry.at,
        crew: []
      }
      return unchanged({ ...board, units: set(board.units, id, unit) })
    }
    case "UNIT_UPDATED":
      return changeUnit(board, entry, (unit) => ({ ...unit, ...entry.data.after }))
    case "UNIT_STATUS_CHANGED":
      return changeUnit(board, entry, (unit) => ({ ...unit, status: entry.data.to }))
    case "UNIT_ASSIGNED":
      return changeUnit(board, entry, (unit) => ({ ...unit, status: entry.data.to, incidentId: entry.incidentId }))
    case "UNIT_CLEARED":
      return changeUnit(board, entry, (unit) => ({ ...unit, status: entry.data.to, incidentId: null }))
    // The entry names the person by id only: the refetch brings their name.
    case "CREW_JOINED":
      return changeUnit(board, entry, (unit) => unit)
    case "CREW_LEFT":
      return changeUnit(board, entry, (unit) => ({ ...unit, crew: unit.crew.filter((member) => member.id !== entry.data.crewId) }))
    case "CALL_RECEIVED": {
      const id = entry.callId
      if (id === null || board.calls.has(id)) return unchanged(board)
      const call: Call = {
        id,
        status: "WAITING",
        callerName: entry.data.callerName,
        callerNumber: entry.data.callerNumber,
        location: entry.data.location,
        description: entry.data.description,
        incidentId: null,
        closeReason: null,
        createdAt: entry.at,
        updatedAt: entry.at,
        closedAt: null,
        source: entry.data.source ?? "API",
        gameCallNumber: entry.data.gameCallNumber ?? null
      }
      return unchanged({ ...board, calls: set(board.calls, id, call) })
    }
    case "CALL_ATTACHED":
    case "CALL_CLOSED":
      return entry.callId === null ? unchanged(board) : unchanged({ ...board, calls: without(board.calls, entry.callId) })
    case "PANIC_RAISED": {
      if (board.panics.some((panic) => panic.seq === entry.seq)) return unchanged(board)
      const { callsign, incidentNumber, location, text } = entry.data
      const panic = { seq: entry.seq, unitId: entry.unitId, incidentId: entry.incidentId, callsign, incidentNumber, location, text }
      return unchanged({ ...board, panics: [...board.panics, panic] })
    }
  }
}

/**
 * One entry of the feed applied to the board: the records it changes, the log,
 * the `seq` reached; and the records whose `version` it moved, to read again.
 * An entry at or before the board's `seq` was applied already.
 */
export const applyEntry = (board: Board, entry: Entry): Applied => {
  if (entry.seq <= board.seq) return unchanged(board)
  const applied = applyToRecords(board, entry)
  return {
    board: { ...applied.board, log: [entry, ...board.log].slice(0, LOG_SIZE), seq: entry.seq },
    stale: applied.stale
  }
}
