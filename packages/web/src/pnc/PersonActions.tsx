import { useState } from "react"
import type { Me } from "../app/session.js"
import { pncActions as words } from "../strings/pncActions.js"
import { ActionDialog } from "./actions/ActionDialog.js"
import "./actions/actions.css"
import { MarkerForm } from "./actions/MarkerActions.js"
import { pncAllows } from "./actions/permissions.js"
import { RecordForm } from "./actions/RecordForm.js"
import { WarrantForm } from "./actions/WarrantForm.js"
import { ActionsPanel } from "./ActionsPanel.js"
import type { OfficialPerson } from "./types.js"

/**
 * What an officer may add to a person, each only to holders of its key: a record citing charges, a
 * warrant (requested, or issued at once), a marker; and the notice of what was done. What is already
 * on the person is acted on where the page shows it: the licence and its endorsements in
 * `LicencePanel`, warrants and markers in `PersonAlerts`, records in `RecordsPanel`.
 */
export const PersonActions = ({ person, me }: { readonly person: OfficialPerson; readonly me: Me }) => {
  const allows = pncAllows(me.permissions)
  const [notice, setNotice] = useState("")
  if (!allows.records && !allows.warrants && !allows.markers) return null
  return (
    <ActionsPanel name={words.actionsOf(person.fullName)}>
      <div className="actions">
        {allows.records && <ActionDialog label={words.records.add} tone="primary">{(close) => <RecordForm person={person} onDone={close} />}</ActionDialog>}
        {allows.warrants && (
          <ActionDialog label={words.warrants.request}>
            {(close) => (
              <WarrantForm
                person={person}
                onDone={(warrant) => {
                  setNotice(warrant.status === "PENDING_APPROVAL" ? words.warrants.requested(warrant.reference) : words.warrants.issued(warrant.reference))
                  close()
                }}
                onCancel={close}
              />
            )}
          </ActionDialog>
        )}
        {allows.markers && (
          <ActionDialog label={words.markers.add}>{(close) => <MarkerForm subject={{ kind: "person", id: person.id }} onDone={close} />}</ActionDialog>
        )}
      </div>
      <p role="status" className="pnc-notice">{notice}</p>
    </ActionsPanel>
  )
}
