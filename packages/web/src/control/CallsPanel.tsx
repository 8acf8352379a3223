import { memo, useId, useState } from "react"
import type { ApiFailure } from "../api/failure.js"
import { control } from "../strings/index.js"
import { FieldProblems, problemsAt } from "../ui/FieldProblems.js"
import { Time } from "../ui/Time.js"
import type { Call, Incident } from "./board.js"
import { checkReason } from "./validate.js"

export interface CallActions {
  readonly attach: (callId: Call["id"], incidentId: Incident["id"]) => void
  /** Answers the refusal to show beside the reason, or `null` once closed. */
  readonly close: (callId: Call["id"], reason: string) => Promise<Error | null>
}

/** The incidents a call may join, as the chooser lists them. */
export interface IncidentChoice {
  readonly id: Incident["id"]
  readonly label: string
}

const CloseCall = ({ call, close }: { readonly call: Call; readonly close: CallActions["close"] }) => {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState("")
  const [failure, setFailure] = useState<Error | null>(null)
  const apiFailure = failure !== null && "problems" in failure ? failure as ApiFailure : null
  const invalid = problemsAt(apiFailure, "reason").length > 0
  if (!open) return <button type="button" className="quiet" onClick={() => setOpen(true)}>{control.closeCall}</button>
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault()
        const local = checkReason({ reason })
        if (local !== null) return setFailure(local)
        void close(call.id, reason).then(setFailure)
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-reason`}>{control.reason}</label>
        <input
          id={`${id}-reason`}
          autoFocus
          value={reason}
          maxLength={500}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-reason-problems` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        <FieldProblems id={`${id}-reason-problems`} failure={apiFailure} path={["reason"]} />
        {failure !== null && !invalid && <p role="alert" className="field-problems">{failure.message}</p>}
      </div>
      <button type="submit">{control.closeCall}</button>
      <button type="button" className="quiet" onClick={() => setOpen(false)}>{control.cancel}</button>
    </form>
  )
}

const AttachChooser = (
  { call, choices, attach }: { readonly call: Call; readonly choices: ReadonlyArray<IncidentChoice>; readonly attach: CallActions["attach"] }
) => {
  const [chosen, setChosen] = useState("")
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault()
        const incident = choices.find((choice) => choice.id === chosen)
        if (incident !== undefined) attach(call.id, incident.id)
      }}
    >
      <select aria-label={control.attachIncident} value={chosen} onChange={(event) => setChosen(event.target.value)}>
        <option value="">{control.chooseIncident}</option>
        {choices.map((choice) => <option key={choice.id} value={choice.id}>{choice.label}</option>)}
      </select>
      <button type="submit" disabled={chosen === ""}>{control.attach}</button>
    </form>
  )
}

/** One waiting call: when, who, where, what; a game emergency call marked as one; attaching and closing. */
export const CallRow = memo(function CallRow({ call, selected, choices, canManage, actions }: {
  readonly call: Call
  readonly selected: { readonly id: Incident["id"]; readonly number: number } | null
  readonly choices: ReadonlyArray<IncidentChoice>
  readonly canManage: boolean
  readonly actions: CallActions
}) {
  return (
    <li className="call-row" data-game={call.source === "GAME" || undefined}>
      <div className="row-main">
        <Time at={call.createdAt} />
        {call.source === "GAME" && <span className="badge danger">{control.gameCall(call.gameCallNumber)}</span>}
        <span className="location">{call.location}</span>
      </div>
      <div className="small">
        {control.caller}: {call.callerName}
        {call.callerNumber !== null && ` (${call.callerNumber})`}
      </div>
      <p className="small">{call.description}</p>
      {canManage && (
        <div className="row-actions">
          {selected !== null
            ? <button type="button" onClick={() => actions.attach(call.id, selected.id)}>{control.attachTo(selected.number)}</button>
            : <AttachChooser call={call} choices={choices} attach={actions.attach} />}
          <CloseCall call={call} close={actions.close} />
        </div>
      )}
    </li>
  )
})
