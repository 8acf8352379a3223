import { call } from "../../api/client.js"
import { pncActions } from "../../strings/pncActions.js"
import type { BodyOf } from "../../api/checkBody.js"
import type { OfficialPerson } from "../types.js"
import { ActionForm } from "./ActionForm.js"
import { checkWarrant } from "./bodies.js"
import { AreaField, TextField } from "./fields.js"
import { optionalText, optionalTime } from "./when.js"

const words = pncActions.warrants

export interface WarrantFields {
  readonly reason: string
  readonly details: string
  readonly expiresAt: string
}

/** The body of `POST /pnc/warrants` as JSON has it. */
export const warrantWire = (civilianId: string, fields: WarrantFields) => ({
  civilianId,
  reason: fields.reason,
  ...optionalText("details", fields.details),
  ...optionalTime("expiresAt", fields.expiresAt)
})

const issue = (body: BodyOf<typeof checkWarrant>) => call((api) => api.pncRecords.issueWarrant({ payload: body })).then((answer) => answer.data)

/**
 * A warrant requested for a person: in force at once, or (when the community's warrants need
 * approval) waiting for another officer; `onDone` is told which by the warrant the API answers.
 */
export const WarrantForm = ({ person, onDone, onCancel }: {
  readonly person: OfficialPerson
  readonly onDone: (warrant: Awaited<ReturnType<typeof issue>>) => void
  readonly onCancel: () => void
}) => (
  <ActionForm
    label={words.request}
    initial={{ reason: "", details: "", expiresAt: "" }}
    shown={["reason", "details", "expiresAt"]}
    check={(fields) => checkWarrant(warrantWire(person.id, fields))}
    send={issue}
    submitLabel={words.submit}
    onDone={onDone}
    onCancel={onCancel}
  >
    {(kit) => (
      <>
        <AreaField kit={kit} name="reason" label={words.reason} maxLength={500} />
        <AreaField kit={kit} name="details" label={words.details} maxLength={2000} />
        <TextField kit={kit} name="expiresAt" label={pncActions.expiresAt} type="datetime-local" />
      </>
    )}
  </ActionForm>
)
