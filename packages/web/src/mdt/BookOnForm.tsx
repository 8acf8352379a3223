import type { UnitId } from "@bluelight/core/cad"
import { useId, useState } from "react"
import { ApiFailure } from "../api/failure.js"
import { mdt as words } from "../strings/index.js"
import { FieldProblems, FormProblem, problemsAt } from "../ui/FieldProblems.js"
import { useBookOn, useUnits } from "./queries.js"

/** Booking on: a unit (by callsign) and how the radio knows me. What was typed stays when the API refuses it. */
export const BookOnForm = ({ mayListUnits }: { readonly mayListUnits: boolean }) => {
  const units = useUnits(mayListUnits)
  const bookOn = useBookOn()
  const [unitId, setUnitId] = useState("")
  const [identifier, setIdentifier] = useState("")
  const ids = { unit: useId(), identifier: useId(), title: useId() }
  const failure = bookOn.error instanceof ApiFailure ? bookOn.error : null
  const unitProblems = problemsAt(failure, "unitId").length > 0
  const identifierProblems = problemsAt(failure, "identifier").length > 0
  const sorted = [...(units.data ?? [])].sort((a, b) => a.callsign.localeCompare(b.callsign, "en-GB"))
  return (
    <section className="panel mdt-book-on" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{words.bookOnTitle}</h2>
      <p className="muted">{words.bookOnLead}</p>
      <form
        aria-labelledby={ids.title}
        onSubmit={(event) => {
          event.preventDefault()
          bookOn.mutate({ unitId: unitId as UnitId, identifier })
        }}
      >
        <FormProblem failure={bookOn.error} shownFields={["unitId", "identifier"]} />
        {units.error !== null && <p role="alert" className="form-problem">{words.unitsUnavailable(units.error.message)}</p>}
        {units.isSuccess && sorted.length === 0 && <p className="muted">{words.noUnits}</p>}
        <div className="mdt-field">
          <label>
            {words.unit}
            <select
              value={unitId}
              onChange={(event) => setUnitId(event.target.value)}
              required
              aria-invalid={unitProblems}
              aria-describedby={unitProblems ? ids.unit : undefined}
            >
              <option value="" disabled>{words.chooseUnit}</option>
              {sorted.map((unit) => <option key={unit.id} value={unit.id}>{unit.callsign}</option>)}
            </select>
          </label>
          <FieldProblems id={ids.unit} failure={failure} path={["unitId"]} />
        </div>
        <div className="mdt-field">
          <label>
            {words.identifier}
            <input
              value={identifier}
              onChange={(event) => setIdentifier(event.target.value)}
              required
              maxLength={64}
              autoComplete="off"
              aria-invalid={identifierProblems}
              aria-describedby={identifierProblems ? ids.identifier : undefined}
            />
          </label>
          <FieldProblems id={ids.identifier} failure={failure} path={["identifier"]} />
        </div>
        <button type="submit" className="primary big" disabled={bookOn.isPending}>{bookOn.isPending ? words.bookingOn : words.bookOn}</button>
      </form>
    </section>
  )
}
