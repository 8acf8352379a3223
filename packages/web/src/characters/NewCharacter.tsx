import { Link, useLocation } from "wouter"
import { characters as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { useFields } from "../ui/useFields.js"
import { CHARACTER_FIELD_NAMES, CharacterFields } from "./CharacterFields.js"
import { EMPTY_CHARACTER, inputOf } from "./characterForm.js"
import { useCreateCharacter } from "./queries.js"
import { checkCharacter } from "./validate.js"

/** `/characters/new`: a new character, then its own page. What was typed stays when the API refuses it. */
export const NewCharacter = () => {
  const [, navigate] = useLocation()
  const create = useCreateCharacter()
  const form = useFields(EMPTY_CHARACTER)
  return (
    <section className="chars-page" aria-labelledby={`${form.id}-title`}>
      <p className="chars-back">
        <Link href="/">{words.backToList}</Link>
      </p>
      <h1 id={`${form.id}-title`}>{words.newTitle}</h1>
      <p className="muted">{words.newLead}</p>
      <form
        className="panel chars-form"
        aria-labelledby={`${form.id}-title`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const input = inputOf(form.fields)
          const local = checkCharacter(input)
          form.setFailure(local)
          if (local !== null) return
          create.mutate(input, {
            onSuccess: (character) => navigate(`/${character.id}`),
            onError: (error) => form.setFailure(error)
          })
        }}
      >
        <FormProblem failure={form.failure} shownFields={CHARACTER_FIELD_NAMES} />
        <CharacterFields id={form.id} field={form.field} problems={form.problems} />
        <div className="actions">
          <button type="submit" className="primary" disabled={create.isPending}>{create.isPending ? words.creating : words.create}</button>
          <Link href="/" className="button">{words.cancel}</Link>
        </div>
      </form>
    </section>
  )
}
