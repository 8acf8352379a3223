import { useQuery } from "@tanstack/react-query"
import { useId, useState } from "react"
import type { ApiFailure } from "../api/failure.js"
import { control } from "../strings/index.js"
import { FieldProblems, FormProblem, problemsAt } from "../ui/FieldProblems.js"
import type { Unit } from "./board.js"
import { addCrew, eligibleCrew, removeCrew } from "./cadCalls.js"
import { checkCrew } from "./validate.js"

/** The people who may crew a unit, found by part of their name (read only while the crew editor is open). */
const useEligible = (search: string) =>
  useQuery({ queryKey: ["control", "eligible-crew", search], queryFn: ({ signal }) => eligibleCrew(search, signal), staleTime: 30_000 })

const CrewForm = ({ unit, put }: { readonly unit: Unit; readonly put: (unit: Unit) => void }) => {
  const id = useId()
  const [search, setSearch] = useState("")
  const [userId, setUserId] = useState("")
  const [identifier, setIdentifier] = useState("")
  const [failure, setFailure] = useState<Error | null>(null)
  const people = useEligible(search)
  const apiFailure = failure !== null && "problems" in failure ? failure as ApiFailure : null
  const invalid = problemsAt(apiFailure, "identifier").length > 0
  const fail = (error: unknown) => setFailure(error instanceof Error ? error : new Error(String(error)))
  return (
    <div className="crew-editor">
      <FormProblem failure={failure} shownFields={["identifier", "userId"]} />
      {unit.crew.length > 0 && (
        <ul className="crew-list">
          {unit.crew.map((member) => (
            <li key={member.id}>
              {member.identifier} {member.user.displayName}{" "}
              <button type="button" className="quiet" onClick={() => void removeCrew(unit.id, member.id).then(put, fail)}>
                {control.removeCrew(member.user.displayName)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="inline-form"
        aria-label={control.addCrew}
        onSubmit={(event) => {
          event.preventDefault()
          const person = people.data?.find((candidate) => candidate.id === userId)
          const local = checkCrew({ identifier })
          if (local !== null) return setFailure(local)
          if (person === undefined) return setFailure(new Error(control.choosePerson))
          addCrew(unit.id, person.id, identifier).then((written) => {
            setFailure(null)
            setUserId("")
            setIdentifier("")
            put(written)
          }, fail)
        }}
      >
        <label>
          {control.searchPeople}
          <input type="search" value={search} maxLength={100} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label>
          {control.person}
          <select value={userId} onChange={(event) => setUserId(event.target.value)}>
            <option value="">{control.choosePerson}</option>
            {(people.data ?? []).map((person) => <option key={person.id} value={person.id}>{person.displayName}</option>)}
          </select>
        </label>
        <div className="field">
          <label htmlFor={`${id}-identifier`}>{control.identifier}</label>
          <input
            id={`${id}-identifier`}
            value={identifier}
            maxLength={64}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-identifier-problems` : undefined}
            onChange={(event) => setIdentifier(event.target.value)}
          />
          <FieldProblems id={`${id}-identifier-problems`} failure={apiFailure} path={["identifier"]} />
        </div>
        <button type="submit">{control.addCrew}</button>
      </form>
    </div>
  )
}

/** A unit's crew, opened on demand: who is aboard (each removable), and adding a person with their identifier. */
export const CrewEditor = ({ unit, put }: { readonly unit: Unit; readonly put: (unit: Unit) => void }) => {
  const [open, setOpen] = useState(false)
  return (
    <details className="crew" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary aria-label={control.crewOf(unit.callsign)}>{control.crew}</summary>
      {open && <CrewForm unit={unit} put={put} />}
    </details>
  )
}
