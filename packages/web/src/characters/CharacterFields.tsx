import type { ReactNode } from "react"
import { characters as words } from "../strings/index.js"
import type { FieldProps } from "../ui/useFields.js"
import type { CharacterFormFields } from "./characterForm.js"

type Name = keyof CharacterFormFields

export interface CharacterFieldsProps {
  readonly id: string
  readonly field: (name: Name) => FieldProps
  readonly problems: (name: Name) => ReactNode
  /** The name, date of birth and gender are fixed (`identityLocked`, for the owner): shown disabled, with why. */
  readonly identityLocked?: boolean
}

const GENDERS = Object.keys(words.genders) as ReadonlyArray<keyof typeof words.genders>

/** A field's control, disabled with the reason beside it when it is locked. */
const locking = (props: FieldProps, locked: boolean, reasonId: string) => locked ? { ...props, disabled: true, "aria-describedby": reasonId } : props

/** The inputs of a character, shared by creating one and editing one: labelled, with the API's problems beside each. */
export const CharacterFields = ({ id, field, problems, identityLocked = false }: CharacterFieldsProps) => {
  const reasonId = `${id}-locked`
  return (
    <>
      <fieldset className="chars-identity">
        <legend>{words.identity}</legend>
        {identityLocked && <p id={reasonId} className="chars-locked">{words.identityLocked}</p>}
        <div className="chars-grid">
          <div className="chars-field">
            <label htmlFor={`${id}-fullName`}>{words.fields.fullName}</label>
            <input {...locking(field("fullName"), identityLocked, reasonId)} maxLength={100} required autoComplete="off" />
            {problems("fullName")}
          </div>
          <div className="chars-field">
            <label htmlFor={`${id}-dateOfBirth`}>{words.fields.dateOfBirth}</label>
            <input {...locking(field("dateOfBirth"), identityLocked, reasonId)} type="date" required min="1900-01-01" />
            {problems("dateOfBirth")}
          </div>
          <div className="chars-field">
            <label htmlFor={`${id}-gender`}>{words.fields.gender}</label>
            <select {...locking(field("gender"), identityLocked, reasonId)} required>
              <option value="" disabled>{words.chooseGender}</option>
              {GENDERS.map((gender) => <option key={gender} value={gender}>{words.genders[gender]}</option>)}
            </select>
            {problems("gender")}
          </div>
        </div>
      </fieldset>
      <div className="chars-grid">
        <div className="chars-field wide">
          <label htmlFor={`${id}-address`}>{words.fields.address}</label>
          <input {...field("address")} maxLength={200} required autoComplete="off" />
          {problems("address")}
        </div>
        <div className="chars-field">
          <label htmlFor={`${id}-phone`}>{words.fields.phone}</label>
          <input {...field("phone")} maxLength={30} autoComplete="off" />
          {problems("phone")}
        </div>
        <div className="chars-field">
          <label htmlFor={`${id}-occupation`}>{words.fields.occupation}</label>
          <input {...field("occupation")} maxLength={100} autoComplete="off" />
          {problems("occupation")}
        </div>
        <div className="chars-field wide">
          <label htmlFor={`${id}-imageUrl`}>{words.fields.imageUrl}</label>
          <input {...field("imageUrl")} type="url" maxLength={500} autoComplete="off" />
          {problems("imageUrl")}
        </div>
        <div className="chars-field wide">
          <label htmlFor={`${id}-notes`}>{words.fields.notes}</label>
          <textarea {...field("notes")} rows={3} maxLength={2000} />
          {problems("notes")}
        </div>
      </div>
    </>
  )
}

/** The names of the fields this form shows, for `FormProblem` (problems of others are listed above the form). */
export const CHARACTER_FIELD_NAMES: ReadonlyArray<string> = [
  "fullName",
  "dateOfBirth",
  "gender",
  "address",
  "phone",
  "occupation",
  "imageUrl",
  "notes",
  "status"
]
