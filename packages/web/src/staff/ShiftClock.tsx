import type { ShiftType } from "@bluelight/core/shifts"
import { DateTime } from "effect"
import { useId, useState } from "react"
import type { Me } from "../app/session.js"
import { staff as words } from "../strings/index.js"
import { elapsedSeconds, formatElapsed, useNow } from "./clock.js"
import { type Shift, useMyShift, useShiftWrites } from "./queries.js"
import "./shiftClock.css"

const TYPES = Object.keys(words.shiftTypes) as ReadonlyArray<ShiftType>

/** hh:mm:ss since the shift started, ticking every second; the ISO start time on hover. Not read out each second (a timer is not live). */
export const RunningClock = ({ startedAt }: { readonly startedAt: DateTime.Utc }) => {
  const now = useNow()
  const iso = DateTime.formatIso(startedAt)
  return (
    <time role="timer" aria-label={words.shiftClock} className="shift-clock-time" dateTime={iso} title={words.startedAt(iso)}>
      {formatElapsed(elapsedSeconds(DateTime.toEpochMillis(startedAt), now))}
    </time>
  )
}

const OnShift = ({ shift }: { readonly shift: Shift }) => {
  const { end } = useShiftWrites()
  return (
    <>
      <span role="status" className="shift-clock-state">{words.onShift(words.shiftTypes[shift.type])}</span>
      <RunningClock startedAt={shift.startedAt} />
      <button type="button" className="danger" disabled={end.isPending} onClick={() => end.mutate({ id: shift.id, mine: true })}>
        {end.isPending ? words.ending : words.endShift}
      </button>
      {end.error !== null && <span role="alert" className="shift-clock-problem">{end.error.message}</span>}
    </>
  )
}

const OffShift = () => {
  const { start } = useShiftWrites()
  const [type, setType] = useState<ShiftType>("PATROL")
  const id = useId()
  return (
    <>
      <span role="status" className="visually-hidden">{words.offShift}</span>
      <label htmlFor={id} className="shift-clock-label">{words.shiftType}</label>
      <select id={id} value={type} onChange={(event) => setType(event.target.value as ShiftType)}>
        {TYPES.map((each) => <option key={each} value={each}>{words.shiftTypes[each]}</option>)}
      </select>
      <button type="button" disabled={start.isPending} onClick={() => start.mutate(type)}>
        {start.isPending ? words.starting : words.startShift}
      </button>
      {start.error !== null && <span role="alert" className="shift-clock-problem">{start.error.message}</span>}
    </>
  )
}

/**
 * My shift, from anywhere in the app (active staff only): "Start shift" with its type, or the running
 * clock with "End shift". One query key, so every page shows the same shift.
 */
export const ShiftClock = ({ me, className = "shift-clock" }: { readonly me: Me; readonly className?: string }) => {
  if (me.staff === null || !me.staff.active) return null
  return <MyShift staffId={me.staff.id} className={className} />
}

const MyShift = ({ staffId, className }: { readonly staffId: NonNullable<Me["staff"]>["id"]; readonly className: string }) => {
  const mine = useMyShift(staffId)
  return (
    <div role="group" aria-label={words.myShift} className={className}>
      {mine.data === undefined
        ? (mine.error !== null ? <span className="shift-clock-problem">{mine.error.message}</span> : null)
        : mine.data === null
        ? <OffShift />
        : <OnShift shift={mine.data} />}
    </div>
  )
}
