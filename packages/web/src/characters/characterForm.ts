import type { CivilianStatus, Gender } from "@bluelight/core/civilians"
import type { Character, CharacterChange, CharacterInput } from "./queries.js"

/** A character's fields as typed in the form: every one a string, the optional ones empty when left out. */
export interface CharacterFormFields {
  readonly fullName: string
  readonly dateOfBirth: string
  readonly gender: string
  readonly address: string
  readonly phone: string
  readonly occupation: string
  readonly imageUrl: string
  readonly notes: string
  readonly status: string
}

/** The fields fixed once the character has official history (`identityLocked`), for its owner. */
export const IDENTITY_FIELDS = ["fullName", "dateOfBirth", "gender"] as const
const OPTIONAL_FIELDS = ["phone", "occupation", "imageUrl", "notes"] as const
const REQUIRED_FIELDS = [...IDENTITY_FIELDS, "address"] as const

export const EMPTY_CHARACTER: CharacterFormFields = {
  fullName: "",
  dateOfBirth: "",
  gender: "",
  address: "",
  phone: "",
  occupation: "",
  imageUrl: "",
  notes: "",
  status: "ACTIVE"
}

/** The form filled with the character as it is. */
export const fieldsOf = (character: Character): CharacterFormFields => ({
  fullName: character.fullName,
  dateOfBirth: character.dateOfBirth,
  gender: character.gender,
  address: character.address,
  phone: character.phone ?? "",
  occupation: character.occupation ?? "",
  imageUrl: character.imageUrl ?? "",
  notes: character.notes ?? "",
  status: character.status
})

/** An optional field as sent: its text, or null when left empty. */
const optional = (text: string): string | null => (text.trim() === "" ? null : text)

/** A new character's body: the optional fields left empty are sent as null. */
export const inputOf = (fields: CharacterFormFields): CharacterInput =>
  ({
    fullName: fields.fullName,
    dateOfBirth: fields.dateOfBirth,
    gender: fields.gender as Gender,
    address: fields.address,
    phone: optional(fields.phone),
    occupation: optional(fields.occupation),
    imageUrl: optional(fields.imageUrl),
    notes: optional(fields.notes)
  }) as CharacterInput

/**
 * The change to send: only the fields that differ from the character as it is (the API trims text,
 * so blanks around a value change nothing), never an identity field while `locked`.
 */
export const changeOf = (character: Character, fields: CharacterFormFields, locked: boolean): Partial<Record<keyof CharacterFormFields, string | null>> => {
  const now = fieldsOf(character)
  const change: Partial<Record<keyof CharacterFormFields, string | null>> = {}
  for (const name of REQUIRED_FIELDS) {
    if (locked && (IDENTITY_FIELDS as ReadonlyArray<string>).includes(name)) continue
    if (fields[name].trim() !== now[name].trim()) change[name] = fields[name]
  }
  for (const name of OPTIONAL_FIELDS) {
    if (fields[name].trim() !== now[name].trim()) change[name] = optional(fields[name])
  }
  if (fields.status !== now.status) change.status = fields.status as CivilianStatus
  return change
}

/** The change as the typed client sends it (its values checked by `checkChange` first). */
export const asChange = (change: Partial<Record<keyof CharacterFormFields, string | null>>): CharacterChange => change as CharacterChange
