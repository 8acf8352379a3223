import { useId, useState } from "react"
import { Link } from "wouter"
import { call } from "../../api/client.js"
import type { Me } from "../../app/session.js"
import { pncActions } from "../../strings/pncActions.js"
import { Time } from "../../ui/Time.js"
import { ActionDialog } from "../actions/ActionDialog.js"
import "../actions/actions.css"
import { ActionForm } from "../actions/ActionForm.js"
import { checkApproval, checkRejection } from "../actions/bodies.js"
import { AreaField } from "../actions/fields.js"
import { Day } from "../../ui/Day.js"
import { type PendingWarrant, usePendingWarrants } from "../actions/reads.js"
import { ReasonAction } from "../actions/ReasonAction.js"
import { optionalText } from "../actions/when.js"

const words = pncActions.warrants

/** Approve (with an optional note) or reject (with a reason) one request; the requester's own shows why they cannot. */
const Decide = ({ warrant, me, onDecided }: { readonly warrant: PendingWarrant; readonly me: Me; readonly onDecided: (notice: string) => void }) => {
  const why = useId()
  const own = warrant.requestedBy.id === me.id
  return (
    <>
      <div className="pnc-row-actions">
        <ActionDialog label={words.approve} name={words.approveOf(warrant.reference)} tone="primary" disabled={own} describedBy={own ? why : undefined}>
          {(close) => (
            <ActionForm
              label={words.approveOf(warrant.reference)}
              initial={{ note: "" }}
              shown={["note"]}
              check={(fields) => checkApproval(optionalText("note", fields.note))}
              send={(body) => call((api) => api.pncRecords.approveWarrant({ params: { id: warrant.id }, payload: body }))}
              submitLabel={words.approveSubmit}
              onDone={() => {
                onDecided(words.approved(warrant.reference))
                close()
              }}
              onCancel={close}
            >
              {(kit) => <AreaField kit={kit} name="note" label={words.approvalNote} maxLength={500} />}
            </ActionForm>
          )}
        </ActionDialog>
        <ReasonAction
          label={words.reject}
          name={words.rejectOf(warrant.reference)}
          title={words.rejectOf(warrant.reference)}
          submitLabel={words.rejectSubmit}
          tone="danger"
          disabled={own}
          {...(own ? { describedBy: why } : {})}
          check={checkRejection}
          send={(body) =>
            call((api) => api.pncRecords.rejectWarrant({ params: { id: warrant.id }, payload: body })).then(() => onDecided(words.rejected(warrant.reference)))}
        />
      </div>
      {own && <p id={why} className="pnc-own">{words.ownRequest}</p>}
    </>
  )
}

/**
 * `/pnc/warrants`: the warrants waiting for a second officer's approval, newest first, with who
 * asked for each; holders of `pnc.warrants.manage` approve or reject those they did not request.
 */
export const WarrantQueue = ({ me }: { readonly me: Me }) => {
  const title = useId()
  const pending = usePendingWarrants()
  const [notice, setNotice] = useState("")
  const decides = me.permissions.includes("pnc.warrants.manage")
  return (
    <section className="pnc-queue pnc-actions" aria-labelledby={title}>
      <h1 id={title}>{words.queueTitle}</h1>
      <p className="muted">{words.queueLead}</p>
      <p role="status" className="pnc-notice">{notice}</p>
      {pending.error !== null ? <p role="alert" className="form-problem">{words.queueFailed}: {pending.error.message}</p>
        : pending.data === undefined ? <p className="muted" role="status">{pncActions.loading}</p>
        : pending.data.data.length === 0 ? <p>{words.queueEmpty}</p>
        : (
          <table className="pnc-table">
            <thead>
              <tr>
                <th scope="col">{words.reference}</th>
                <th scope="col">{words.person}</th>
                <th scope="col">{words.reason}</th>
                <th scope="col">{words.requestedBy}</th>
                <th scope="col">{words.requestedAt}</th>
                <th scope="col">{words.expires}</th>
                {decides && <th scope="col">{words.actions}</th>}
              </tr>
            </thead>
            <tbody>
              {pending.data.data.map((warrant) => (
                <tr key={warrant.id}>
                  <th scope="row">
                    <span className="badge warn">{words.pending}</span> {warrant.reference}
                  </th>
                  <td>
                    <Link href={`~/pnc/people/${warrant.civilian.id}`}>{warrant.civilian.fullName}</Link>{" "}
                    <span className="muted pnc-ref">{warrant.civilian.reference}</span>
                  </td>
                  <td>{warrant.reason}{warrant.details !== null && <span className="muted">{" · "}{warrant.details}</span>}</td>
                  <td>{warrant.requestedBy.displayName}</td>
                  <td>
                    <Time at={warrant.requestedAt} />
                  </td>
                  <td>{warrant.expiresAt === null ? words.never : <Day at={warrant.expiresAt} withTime />}</td>
                  {decides && (
                    <td>
                      <Decide warrant={warrant} me={me} onDecided={setNotice} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
    </section>
  )
}

export default WarrantQueue
