import { call } from "../../api/client.js"
import type { Me } from "../../app/session.js"
import { pncActions } from "../../strings/pncActions.js"
import type { OfficialPerson } from "../types.js"
import { ActionDialog } from "./ActionDialog.js"
import { ActionForm } from "./ActionForm.js"
import { checkWarrantClosure } from "./bodies.js"
import { AreaField, SelectField } from "./fields.js"
import { Day } from "../../ui/Day.js"

const words = pncActions.warrants
type Warrant = OfficialPerson["warrants"][number]
const OUTCOMES = Object.entries(words.outcomes)

/** An active warrant closed: executed or withdrawn, with a note (`pnc.warrants.manage`). */
export const CloseWarrant = ({ warrant }: { readonly warrant: Pick<Warrant, "id" | "reference"> }) => (
  <ActionDialog label={words.close} name={words.closeOf(warrant.reference)}>
    {(close) => (
      <ActionForm
        label={words.closeOf(warrant.reference)}
        initial={{ outcome: "EXECUTED", note: "" }}
        shown={["outcome", "note"]}
        check={(fields) => checkWarrantClosure({ outcome: fields.outcome, note: fields.note })}
        send={(body) => call((api) => api.pncRecords.closeWarrant({ params: { id: warrant.id }, payload: body }))}
        submitLabel={words.closeSubmit}
        onDone={close}
        onCancel={close}
      >
        {(kit) => (
          <>
            <SelectField kit={kit} name="outcome" label={words.outcome} options={OUTCOMES} />
            <AreaField kit={kit} name="note" label={words.note} maxLength={500} />
          </>
        )}
      </ActionForm>
    )}
  </ActionDialog>
)

/** A person's active warrants, each with Close for holders of `pnc.warrants.manage`. */
export const WarrantTable = ({ warrants, me }: { readonly warrants: ReadonlyArray<Warrant>; readonly me: Me }) => {
  const active = warrants.filter((warrant) => warrant.status === "ACTIVE")
  if (active.length === 0) return <p className="muted">{words.none}</p>
  const manages = me.permissions.includes("pnc.warrants.manage")
  return (
    <table className="pnc-table">
      <thead>
        <tr>
          <th scope="col">{words.reference}</th>
          <th scope="col">{words.reason}</th>
          <th scope="col">{words.requestedBy}</th>
          <th scope="col">{words.expires}</th>
          {manages && <th scope="col">{words.actions}</th>}
        </tr>
      </thead>
      <tbody>
        {active.map((warrant) => (
          <tr key={warrant.id}>
            <th scope="row"><span className="badge danger">{words.statuses[warrant.status]}</span> {warrant.reference}</th>
            <td>{warrant.reason}</td>
            <td>{warrant.requestedBy.displayName}</td>
            <td>{warrant.expiresAt === null ? words.never : <Day at={warrant.expiresAt} withTime />}</td>
            {manages && <td><CloseWarrant warrant={warrant} /></td>}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
