import { memo } from "react"
import { control } from "../strings/index.js"
import { Time } from "../ui/Time.js"
import type { Entry } from "./board.js"

/** One entry in words: what happened, to what, by whom. */
export const describeEntry = (entry: Entry): string => {
  switch (entry.type) {
    case "INCIDENT_CREATED":
      return `#${entry.data.number} ${entry.data.type}, ${entry.data.location} (${control.priority[entry.data.priority]})`
    case "INCIDENT_UPDATED":
      return `#${entry.data.number} ${entry.data.after.type}, ${entry.data.after.location} (${control.priority[entry.data.after.priority]})`
    case "INCIDENT_CLOSED":
      return `#${entry.data.number}`
    case "UNIT_CREATED":
      return `${entry.data.callsign} (${entry.data.agencyCode}, ${control.unitType[entry.data.type]})`
    case "UNIT_UPDATED":
      return `${entry.data.before.callsign} → ${entry.data.after.callsign}`
    case "UNIT_STATUS_CHANGED":
      return `${entry.data.callsign}: ${control.status[entry.data.from]} → ${control.status[entry.data.to]}`
    case "UNIT_ASSIGNED":
      return `${entry.data.callsign} → #${entry.data.incidentNumber}`
    case "UNIT_CLEARED":
      return `${entry.data.callsign}${entry.data.incidentNumber === null ? "" : ` from #${entry.data.incidentNumber}`}`
    case "CREW_JOINED":
    case "CREW_LEFT":
      return `${entry.data.identifier}, ${entry.data.callsign}`
    case "CALL_RECEIVED":
      return `${entry.data.callerName}, ${entry.data.location}${
        entry.data.source === "GAME" ? ` (${control.gameCall(entry.data.gameCallNumber ?? null)})` : ""
      }`
    case "CALL_ATTACHED":
      return `→ #${entry.data.incidentNumber}`
    case "CALL_CLOSED":
      return entry.data.reason
    case "PANIC_RAISED":
      return control.panicAlert(entry.data.callsign, entry.data.incidentNumber, entry.data.location)
  }
}

const actorName = (entry: Entry): string => ("displayName" in entry.actor ? entry.actor.displayName : control.service)

const LogEntry = memo(function LogEntry({ entry }: { readonly entry: Entry }) {
  return (
    <li data-panic={entry.type === "PANIC_RAISED" || undefined}>
      <Time at={entry.at} /> <strong>{control.eventType[entry.type]}</strong> {describeEntry(entry)}{" "}
      <span className="muted">{control.by(actorName(entry))}</span>
    </li>
  )
})

/** The CAD log, newest first: the feed's entries as they come (read out politely, as a log). */
export const LogPanel = memo(function LogPanel({ log }: { readonly log: ReadonlyArray<Entry> }) {
  if (log.length === 0) return <p className="muted">{control.noLog}</p>
  return (
    <ol className="cad-log" role="log" aria-label={control.log}>
      {log.map((entry) => <LogEntry key={entry.id} entry={entry} />)}
    </ol>
  )
})
