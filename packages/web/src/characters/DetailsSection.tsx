import type { CivilianStatus } from "@bluelight/core/civilians"
import { useEffect, useRef, useState } from "react"
import { characters as words } from "../strings/index.js"
import { Day } from "./Day.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { useFields } from "../ui/useFields.js"
import { CHARACTER_FIELD_NAMES, CharacterFields } from "./CharacterFields.js"
import { asChange, changeOf, fieldsOf } from "./characterForm.js"
import { formatDate } from "./format.js"
import { type Character, useUpdateCharacter } from "./queries.js"
import { checkChange } from "./validate.js"

/**
 * The statuses the person may choose: the owner moves between active and inactive; deceased is set
 * and undone only with `civilians.manage`, so a deceased character's status is fixed for its owner.
 */
const statusChoices = (now: CivilianStatus, manages: boolean): ReadonlyArray<CivilianStatus> =>
  manages ? ["ACTIVE", "INACTIVE", "DECEASED"] : now === "DECEASED" ? ["DECEASED"] : ["ACTIVE", "INACTIVE"]

const EditForm = ({ character, manages, onDone }: { readonly character: Character; readonly manages: boolean; readonly onDone: (saved: boolean) => void }) => {
  const update = useUpdateCharacter(character.id)
  const form = useFields(fieldsOf(character))
  const [unchanged, setUnchanged] = useState(false)
  const locked = character.identityLocked && !manages
  const statusFixed = character.status === "DECEASED" && !manages
  const statusReason = `${form.id}-status-fixed`
  const status = form.field("status")
  const element = useRef<HTMLFormElement>(null)
  // The form the person opened takes the focus at its first field they may change.
  useEffect(() => element.current?.querySelector<HTMLElement>("input:not(:disabled), select:not(:disabled), textarea")?.focus(), [])
  return (
    <form
      ref={element}
      className="chars-form"
      aria-label={words.editDetails}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const change = changeOf(character, form.fields, locked)
        setUnchanged(Object.keys(change).length === 0)
        if (Object.keys(change).length === 0) return
        const local = checkChange(change)
        form.setFailure(local)
        if (local !== null) return
        update.mutate(asChange(change), { onSuccess: () => onDone(true), onError: (error) => form.setFailure(error) })
      }}
    >
      <FormProblem failure={form.failure} shownFields={CHARACTER_FIELD_NAMES} />
      <CharacterFields id={form.id} field={form.field} problems={form.problems} identityLocked={locked} />
      <div className="chars-field">
        <label htmlFor={status.id}>{words.fields.status}</label>
        <select {...status} disabled={statusFixed} aria-describedby={statusFixed ? statusReason : status["aria-describedby"]}>
          {statusChoices(character.status, manages).map((choice) => <option key={choice} value={choice}>{words.statuses[choice]}</option>)}
        </select>
        {statusFixed && <p id={statusReason} className="chars-locked">{words.deceasedLocked}</p>}
        {form.problems("status")}
      </div>
      <p role="status" className="muted">{unchanged ? words.nothingChanged : ""}</p>
      <div className="actions">
        <button type="submit" className="primary" disabled={update.isPending}>{update.isPending ? words.saving : words.save}</button>
        <button type="button" onClick={() => onDone(false)}>{words.cancel}</button>
      </div>
    </form>
  )
}

/** The character's details as they are, and, on "Edit details", the form that changes them (only what changed is sent). */
export const DetailsSection = ({ character, manages }: { readonly character: Character; readonly manages: boolean }) => {
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState(false)
  const edit = useRef<HTMLButtonElement>(null)
  const closed = useRef(false)
  // Back from the form (saved or cancelled), the focus returns to "Edit details".
  useEffect(() => {
    if (!editing && closed.current) edit.current?.focus()
  }, [editing])
  return (
    <section className="panel chars-section" aria-labelledby="chars-details">
      <div className="chars-section-head">
        <h2 id="chars-details">{words.details}</h2>
        {!editing && (
          <button
            ref={edit}
            type="button"
            onClick={() => {
              setSaved(false)
              setEditing(true)
            }}
          >
            {words.editDetails}
          </button>
        )}
      </div>
      <p role="status" className="chars-saved">{saved && !editing ? words.saved : ""}</p>
      {editing ? (
        <EditForm
          character={character}
          manages={manages}
          onDone={(done) => {
            closed.current = true
            setSaved(done)
            setEditing(false)
          }}
        />
      ) : (
        <dl className="facts">
          <dt>{words.fields.dateOfBirth}</dt>
          <dd>{formatDate(character.dateOfBirth)}</dd>
          <dt>{words.fields.gender}</dt>
          <dd>{words.genders[character.gender]}</dd>
          <dt>{words.fields.address}</dt>
          <dd>{character.address}</dd>
          <dt>{words.facts.phone}</dt>
          <dd>{character.phone ?? words.notStated}</dd>
          <dt>{words.facts.occupation}</dt>
          <dd>{character.occupation ?? words.notStated}</dd>
          <dt>{words.facts.imageUrl}</dt>
          <dd>
            {character.imageUrl === null ? words.notStated : <a href={character.imageUrl} rel="noreferrer noopener" target="_blank">{character.imageUrl}</a>}
          </dd>
          <dt>{words.notes}</dt>
          <dd className="chars-notes">{character.notes ?? words.noNotes}</dd>
          <dt>{words.createdAt}</dt>
          <dd>
            <Day at={character.createdAt} withTime />
          </dd>
          <dt>{words.updatedAt}</dt>
          <dd>
            <Day at={character.updatedAt} withTime />
          </dd>
        </dl>
      )}
      {character.identityLocked && !editing && <p className="chars-locked">{words.identityLocked}</p>}
    </section>
  )
}
