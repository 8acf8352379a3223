import { control } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { useFields } from "../ui/useFields.js"
import type { Unit } from "./board.js"
import { createUnit } from "./cadCalls.js"
import { checkUnit } from "./validate.js"

const TYPES = Object.keys(control.unitType) as ReadonlyArray<Unit["type"]>
const SHOWN = ["callsign", "agencyCode", "type"]

interface UnitFieldsInput {
  readonly callsign: string
  readonly agencyCode: string
  readonly type: Unit["type"]
}

/** A new unit: callsign, agency code and type, checked by the API's rules; the API's problems beside the fields. */
export const UnitForm = ({ onCreated, onCancel }: { readonly onCreated: (unit: Unit) => void; readonly onCancel: () => void }) => {
  const { id, fields, failure, setFailure, busy, setBusy, field, problems } = useFields<UnitFieldsInput>({ callsign: "", agencyCode: "", type: "RESPONSE" })
  return (
    <form
      className="control-form panel"
      aria-label={control.newUnit}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const local = checkUnit(fields)
        if (local !== null) return setFailure(local)
        setBusy(true)
        createUnit(fields).then((unit) => onCreated(unit), (error: unknown) => {
          setBusy(false)
          setFailure(error instanceof Error ? error : new Error(String(error)))
        })
      }}
    >
      <h2>{control.newUnit}</h2>
      <FormProblem failure={failure} shownFields={SHOWN} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-callsign`}>{control.fields.callsign}</label>
          <input {...field("callsign")} autoFocus maxLength={32} required />
          {problems("callsign")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-agencyCode`}>{control.fields.agencyCode}</label>
          <input {...field("agencyCode")} maxLength={16} required />
          {problems("agencyCode")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>{control.fields.unitType}</label>
          <select {...field("type")}>
            {TYPES.map((type) => <option key={type} value={type}>{control.unitType[type]}</option>)}
          </select>
          {problems("type")}
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>{control.createUnit}</button>
        <button type="button" onClick={onCancel}>{control.cancel}</button>
      </div>
    </form>
  )
}
