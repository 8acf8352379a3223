import type { ReactNode } from "react"
import type { FormKit } from "./ActionForm.js"

/** A form's fields as typed: every one a string (a `.tsx` generic arrow needs its parameter constrained, or `<F,>`, which the formatter rewrites). */
type FormFields<F> = { readonly [K in keyof F]: string }

/** One labelled control of an action form, with the API's problems for it beneath. */
const Labelled = <F extends FormFields<F>>({ kit, name, label, wide, children }: {
  readonly kit: FormKit<F>
  readonly name: keyof F & string
  readonly label: string
  readonly wide?: boolean | undefined
  readonly children: ReactNode
}) => (
  <div className={wide === true ? "field wide" : "field"}>
    <label htmlFor={`${kit.id}-${name}`}>{label}</label>
    {children}
    {kit.problems(name)}
  </div>
)

type Common<F> = { readonly kit: FormKit<F>; readonly name: keyof F & string; readonly label: string; readonly wide?: boolean }

export const TextField = <F extends FormFields<F>>({ type = "text", inputMode, maxLength, ...common }: Common<F> & {
  readonly type?: "text" | "datetime-local"
  readonly inputMode?: "decimal" | "numeric"
  readonly maxLength?: number
}) => (
  <Labelled {...common}>
    <input {...common.kit.field(common.name)} type={type} inputMode={inputMode} maxLength={maxLength} />
  </Labelled>
)

export const AreaField = <F extends FormFields<F>>({ maxLength, ...common }: Common<F> & { readonly maxLength: number }) => (
  <Labelled {...common} wide>
    <textarea {...common.kit.field(common.name)} rows={2} maxLength={maxLength} />
  </Labelled>
)

export const SelectField = <F extends FormFields<F>>(
  { options, ...common }: Common<F> & { readonly options: ReadonlyArray<readonly [value: string, words: string]> }
) => (
  <Labelled {...common}>
    <select {...common.kit.field(common.name)}>
      {options.map(([value, words]) => <option key={value} value={value}>{words}</option>)}
    </select>
  </Labelled>
)
