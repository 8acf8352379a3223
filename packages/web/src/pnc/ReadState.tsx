import { FormProblem } from "../ui/FieldProblems.js"
import { pnc as words } from "../strings/index.js"

/** A read of the room still on its way, or refused (the API's message, e.g. no such record). */
export const ReadState = ({ error }: { readonly error: Error | null }) =>
  error === null ? <p className="muted" role="status">{words.loading}</p> : <FormProblem failure={error} />
