import { control } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { useFields } from "../ui/useFields.js"
import { type Incident, PRIORITY_ORDER } from "./board.js"
import type { IncidentFieldsInput } from "./intents.js"
import { checkIncident } from "./validate.js"

const EMPTY: IncidentFieldsInput = { type: "", priority: "IMMEDIATE", location: "", description: "", controlNotes: "" }
const SHOWN = ["type", "priority", "location", "description", "controlNotes"]

/**
 * The incident form, to create one or edit one: checked by the API's own rules before it is sent,
 * the API's problems shown beside the fields they name, and what was typed kept whatever the answer.
 * `submit` answers the refusal to show, or `null` when it was written (or is held in a conflict).
 */
export const IncidentForm = ({ initial, submitLabel, heading, submit, onCancel }: {
  readonly initial?: Incident | undefined
  readonly submitLabel: string
  readonly heading: string
  readonly submit: (fields: IncidentFieldsInput) => Promise<Error | null>
  readonly onCancel: () => void
}) => {
  const { id, fields, failure, setFailure, busy, setBusy, field, problems } = useFields<IncidentFieldsInput>(
    initial === undefined ? EMPTY : {
      type: initial.type,
      priority: initial.priority,
      location: initial.location,
      description: initial.description,
      controlNotes: initial.controlNotes
    }
  )

  return (
    <form
      className="control-form panel"
      aria-label={heading}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const local = checkIncident(fields)
        if (local !== null) {
          setFailure(local)
          return
        }
        setBusy(true)
        void submit(fields).then((refusal) => {
          setBusy(false)
          setFailure(refusal)
        })
      }}
    >
      <h2>{heading}</h2>
      <FormProblem failure={failure} shownFields={SHOWN} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-type`}>{control.fields.type}</label>
          <input {...field("type")} autoFocus maxLength={60} required />
          {problems("type")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-priority`}>{control.fields.priority}</label>
          <select {...field("priority")}>
            {PRIORITY_ORDER.map((priority) => <option key={priority} value={priority}>{control.priority[priority]}</option>)}
          </select>
          {problems("priority")}
        </div>
        <div className="field wide">
          <label htmlFor={`${id}-location`}>{control.fields.location}</label>
          <input {...field("location")} maxLength={200} required />
          {problems("location")}
        </div>
        <div className="field wide">
          <label htmlFor={`${id}-description`}>{control.fields.description}</label>
          <textarea {...field("description")} rows={2} maxLength={4000} />
          {problems("description")}
        </div>
        <div className="field wide">
          <label htmlFor={`${id}-controlNotes`}>{control.fields.controlNotes}</label>
          <textarea {...field("controlNotes")} rows={2} maxLength={4000} />
          {problems("controlNotes")}
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>{submitLabel}</button>
        <button type="button" onClick={onCancel}>{control.cancel}</button>
      </div>
    </form>
  )
}
