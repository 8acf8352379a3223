import { type ReactNode, useId, useState } from "react"
import { ApiFailure } from "../api/failure.js"
import { FieldProblems, problemsAt } from "./FieldProblems.js"

/** What a field's control takes: its id, its value, its change, and the marks of a refused value. */
export interface FieldProps {
  readonly id: string
  readonly name: string
  readonly value: string
  readonly "aria-invalid": true | undefined
  readonly "aria-describedby": string | undefined
  readonly onChange: (event: { readonly target: { readonly value: string } }) => void
}

/**
 * A form's fields as typed, and the refusal of its last submit: every field's control wired to its
 * value and to the problems the API (or the same rules checked before sending) named for it, so a
 * refused submit keeps what was typed and says what is wrong beside the field.
 */
export const useFields = <Fields extends { readonly [K in keyof Fields]: string }>(initial: Fields) => {
  const id = useId()
  const [fields, setFields] = useState<Fields>(initial)
  const [failure, setFailure] = useState<Error | null>(null)
  const [busy, setBusy] = useState(false)
  const apiFailure = failure instanceof ApiFailure ? failure : null
  const field = (name: keyof Fields & string): FieldProps => {
    const invalid = problemsAt(apiFailure, name).length > 0
    return {
      id: `${id}-${name}`,
      name,
      value: fields[name] ?? "",
      "aria-invalid": invalid || undefined,
      "aria-describedby": invalid ? `${id}-${name}-problems` : undefined,
      onChange: (event) => setFields((now) => ({ ...now, [name]: event.target.value }))
    }
  }
  const problems = (name: keyof Fields & string): ReactNode => <FieldProblems id={`${id}-${name}-problems`} failure={apiFailure} path={[name]} />
  return { id, fields, setFields, failure, setFailure, busy, setBusy, field, problems }
}

/** A field's props with a standing hint (its id) among what describes it, after the problems when there are some. */
export const withHint = (props: FieldProps, hintId: string): FieldProps => ({
  ...props,
  "aria-describedby": props["aria-describedby"] === undefined ? hintId : `${props["aria-describedby"]} ${hintId}`
})
