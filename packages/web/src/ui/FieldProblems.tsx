import type { ApiFailure, FieldProblem } from "../api/failure.js"

/** The problems an `INVALID_INPUT` names for one field (its path, `["location"]` or `["crew", "0", "identifier"]`). */
export const problemsAt = (failure: ApiFailure | null | undefined, ...path: ReadonlyArray<string>): ReadonlyArray<FieldProblem> =>
  failure?.problems.filter((problem) => path.every((part, i) => problem.path[i] === part)) ?? []

/**
 * The API's words about one field, shown beside it: give the field `aria-describedby={id}` and
 * `aria-invalid` when there are some, so a screen reader reads them with the field.
 */
export const FieldProblems = (
  { id, failure, path }: { readonly id: string; readonly failure: ApiFailure | null | undefined; readonly path: ReadonlyArray<string> }
) => {
  const problems = problemsAt(failure, ...path)
  if (problems.length === 0) return null
  return (
    <ul id={id} className="field-problems">
      {problems.map((problem, i) => <li key={i}>{problem.message}</li>)}
    </ul>
  )
}

/**
 * A refused submit's message, above the form (`role="alert"`, read out at once): the API's own
 * message; the problems of fields the form does not show are listed with their paths.
 */
export const FormProblem = ({ failure, shownFields = [] }: { readonly failure: Error | null | undefined; readonly shownFields?: ReadonlyArray<string> }) => {
  if (failure === null || failure === undefined) return null
  const elsewhere = "problems" in failure
    ? (failure as ApiFailure).problems.filter((problem) => !shownFields.includes(problem.path[0] ?? ""))
    : []
  return (
    <div role="alert" className="form-problem">
      <p>{failure.message}</p>
      {elsewhere.length > 0 && (
        <ul>
          {elsewhere.map((problem, i) => <li key={i}>{problem.path.join(".") || "request"}: {problem.message}</li>)}
        </ul>
      )}
    </div>
  )
}
