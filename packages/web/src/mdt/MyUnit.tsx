import { useQueryClient } from "@tanstack/react-query"
import { useId } from "react"
import { ApiFailure } from "../api/failure.js"
import { mdt as words, unitStatusWords } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { mdtKeys, type MyMdt, useBookOff, useSetStatus } from "./queries.js"
import { statusChoices } from "./statuses.js"

type Unit = NonNullable<MyMdt["unit"]>

/** Refusals after which the screen is behind the unit: it is read again, and shown as it now is. */
const STALE = new Set(["CAD_CONFLICT", "INVALID_STATE", "NO_CHANGE"])

/** My unit: its callsign, status (word and colour), crew, the status buttons it may move to, booking off. */
export const MyUnit = ({ unit }: { readonly unit: Unit }) => {
  const queries = useQueryClient()
  const setStatus = useSetStatus()
  const bookOff = useBookOff()
  const title = useId()
  const stale = setStatus.error instanceof ApiFailure && STALE.has(setStatus.error.code)
  const choices = statusChoices(unit)
  return (
    <section className="panel mdt-unit" aria-labelledby={title}>
      <h2 id={title}>
        {words.myUnit}: <span className="mdt-callsign">{unit.callsign}</span>
      </h2>
      <p className="mdt-status-now" aria-live="polite">
        {words.status}: <span className={`status status-${unit.status}`}>{unitStatusWords[unit.status]}</span>
      </p>
      <p className="muted">
        {words.crew}: {unit.crew.map((member) => `${member.user.displayName} ${words.identifierOf(member.identifier)}`).join(", ")}
      </p>
      <FormProblem failure={setStatus.error} />
      {stale && <p className="muted">{words.nowShowing}</p>}
      {choices.length === 0 ? <p className="muted">{words.noMoves}</p> : (
        <div role="group" aria-label={words.statusButtons} className="mdt-statuses">
          {choices.map((choice) => (
            <button
              key={choice.status}
              type="button"
              className={`big status-button status-${choice.status}`}
              aria-pressed={choice.current}
              disabled={setStatus.isPending}
              onClick={() => {
                if (choice.current) return
                setStatus.mutate({ status: choice.status, version: unit.version }, {
                  onError: (error) => {
                    if (error instanceof ApiFailure && STALE.has(error.code)) void queries.refetchQueries({ queryKey: mdtKeys.me })
                  }
                })
              }}
            >
              {unitStatusWords[choice.status]}
            </button>
          ))}
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          className="danger big"
          disabled={bookOff.isPending}
          onClick={() => bookOff.mutate()}
        >
          {bookOff.isPending ? words.bookingOff : words.bookOff}
        </button>
      </div>
      <FormProblem failure={bookOff.error} />
    </section>
  )
}
