import { useQueryClient } from "@tanstack/react-query"
import type { ReactNode } from "react"
import type { ApiFailure } from "../../api/failure.js"
import { pncActions as words } from "../../strings/pncActions.js"
import type { Checked } from "../../api/checkBody.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { type FieldProps, useFields } from "../../ui/useFields.js"
import { pncKeys } from "../keys.js"

/** What a form's fields are drawn with: each control's wiring, the problems beside it, the form's id. */
export interface FormKit<Fields> {
  readonly id: string
  readonly fields: Fields
  readonly field: (name: keyof Fields & string) => FieldProps
  readonly problems: (name: keyof Fields & string) => ReactNode
  readonly setFields: (update: (now: Fields) => Fields) => void
  readonly failure: ApiFailure | null
}

/**
 * One PNC action's form: the fields as typed, checked by the endpoint's own body schema before
 * sending (`check`), then sent (`send`). A refusal keeps what was typed: its message above the
 * form, `INVALID_INPUT`'s problems beside the fields they name (`shown`). Once the API has taken
 * it, everything the PNC room shows is read again (`pncKeys.all`) and `onDone` runs.
 */
export const ActionForm = <Fields extends { readonly [K in keyof Fields]: string }, Body, Answer = unknown>({
  label,
  initial,
  shown,
  check,
  send,
  submitLabel,
  tone = "primary",
  onDone,
  onCancel,
  children
}: {
  readonly label: string
  readonly initial: Fields
  /** The body's fields this form shows: problems of others are listed above the form. */
  readonly shown: ReadonlyArray<string>
  readonly check: (fields: Fields) => Checked<Body>
  readonly send: (body: Body) => Promise<Answer>
  readonly submitLabel: string
  readonly tone?: "primary" | "danger"
  /** Runs once the API has taken the change, with its answer. */
  readonly onDone: (answer: Answer) => void
  readonly onCancel: () => void
  readonly children: (kit: FormKit<Fields>) => ReactNode
}) => {
  const queries = useQueryClient()
  const { id, fields, setFields, failure, setFailure, busy, setBusy, field, problems } = useFields<Fields>(initial)
  const apiFailure = failure !== null && "problems" in failure ? failure as ApiFailure : null
  return (
    <form
      aria-label={label}
      noValidate
      className="pnc-action-form"
      onSubmit={(event) => {
        event.preventDefault()
        const checked = check(fields)
        if (!checked.ok) return setFailure(checked.failure)
        setBusy(true)
        send(checked.body).then(
          async (answer) => {
            await queries.invalidateQueries({ queryKey: pncKeys.all })
            onDone(answer)
          },
          (error: unknown) => {
            setBusy(false)
            setFailure(error instanceof Error ? error : new Error(String(error)))
          }
        )
      }}
    >
      <FormProblem failure={failure} shownFields={shown} />
      <div className="pnc-form-grid">{children({ id, fields, field, problems, setFields, failure: apiFailure })}</div>
      <div className="actions">
        <button type="submit" className={tone} disabled={busy}>{busy ? words.sending : submitLabel}</button>
        <button type="button" onClick={onCancel}>{words.cancel}</button>
      </div>
    </form>
  )
}
