import type { ReactNode } from "react"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { useFields, withHint } from "../../ui/useFields.js"
import { CHARGE_FORM_FIELDS, type ChargeFormFields } from "./chargeForm.js"

const words = adminIntegrations.charges

/**
 * A charge's fields, to create one or change one: fines typed in pounds, every refusal of the API
 * beside the field it names (`CHARGE_CODE_TAKEN` at the code), and what was typed kept whatever the
 * answer. `submit` answers the refusal to show, or `null` once it was written.
 */
export const ChargeForm = ({ initial, heading, submitLabel, submit, children }: {
  readonly initial: ChargeFormFields
  readonly heading: string
  readonly submitLabel: string
  readonly submit: (fields: ChargeFormFields) => Promise<Error | null>
  readonly children?: ReactNode
}) => {
  const { id, fields, setFields, failure, setFailure, busy, setBusy, field, problems } = useFields<ChargeFormFields>(initial)
  const hint = (name: string) => `${id}-${name}-hint`
  const described = (name: keyof ChargeFormFields, hintName: string) => withHint(field(name), hint(hintName))
  return (
    <form
      className="integr-form panel"
      aria-label={heading}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setBusy(true)
        void submit(fields).then((refusal) => {
          setBusy(false)
          setFailure(refusal)
        })
      }}
    >
      <h2>{heading}</h2>
      <FormProblem failure={failure} shownFields={CHARGE_FORM_FIELDS} />
      <div className="integr-grid">
        <div className="integr-field">
          <label htmlFor={`${id}-code`}>{words.fields.code}</label>
          <input {...described("code", "code")} maxLength={16} required autoComplete="off" />
          <small id={hint("code")} className="muted">{words.hints.code}</small>
          {problems("code")}
        </div>
        <div className="integr-field span2">
          <label htmlFor={`${id}-title`}>{words.fields.title}</label>
          <input {...field("title")} maxLength={120} required />
          {problems("title")}
        </div>
        <div className="integr-field">
          <label htmlFor={`${id}-category`}>{words.fields.category}</label>
          <input {...field("category")} maxLength={40} />
          {problems("category")}
        </div>
        <div className="integr-field">
          <label htmlFor={`${id}-fineMin`}>{words.fields.fineMin}</label>
          <input {...described("fineMin", "fine")} inputMode="decimal" required />
          {problems("fineMin")}
        </div>
        <div className="integr-field">
          <label htmlFor={`${id}-fineMax`}>{words.fields.fineMax}</label>
          <input {...described("fineMax", "fine")} inputMode="decimal" required />
          <small id={hint("fine")} className="muted">{words.hints.fine}</small>
          {problems("fineMax")}
        </div>
        <div className="integr-field">
          <label htmlFor={`${id}-points`}>{words.fields.points}</label>
          <input {...field("points")} type="number" min={0} max={12} step={1} required />
          {problems("points")}
        </div>
        <div className="integr-field">
          <label htmlFor={`${id}-endorsementCode`}>{words.fields.endorsementCode}</label>
          <input {...described("endorsementCode", "endorsementCode")} maxLength={10} autoComplete="off" />
          <small id={hint("endorsementCode")} className="muted">{words.hints.endorsementCode}</small>
          {problems("endorsementCode")}
        </div>
        <div className="integr-field">
          <label htmlFor={`${id}-custodyMaxDays`}>{words.fields.custodyMaxDays}</label>
          <input {...field("custodyMaxDays")} type="number" min={0} max={36500} step={1} />
          {problems("custodyMaxDays")}
        </div>
        <div className="integr-field wide">
          <label className="integr-check">
            <input
              type="checkbox"
              checked={fields.warningApplicable === "true"}
              onChange={(event) => setFields((now) => ({ ...now, warningApplicable: event.target.checked ? "true" : "" }))}
            />
            {words.fields.warningApplicable}
          </label>
          {problems("warningApplicable")}
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>{submitLabel}</button>
        {children}
      </div>
    </form>
  )
}
