import { useState } from "react"
import type { Me } from "../app/session.js"
import { pncActions as words } from "../strings/pncActions.js"
import { ActionDialog } from "./actions/ActionDialog.js"
import "./actions/actions.css"
import { LicenceActions } from "./actions/LicenceActions.js"
import { MarkerForm, MarkerTable } from "./actions/MarkerActions.js"
import { Part } from "./actions/Part.js"
import { pncAllows } from "./actions/permissions.js"
import { RecordForm } from "./actions/RecordForm.js"
import { WarrantTable } from "./actions/WarrantActions.js"
import { WarrantForm } from "./actions/WarrantForm.js"
import type { OfficialPerson } from "./types.js"

/**
 * What an officer may do to a person, each action only to holders of its key: add a record citing
 * charges, request a warrant, add a marker (the toolbar); act on the licence and its endorsements;
 * close an active warrant; clear an active marker. An open record is closed or voided on its row of
 * the page's records (`RecordsPanel`).
 */
export const PersonActions = ({ person, me }: { readonly person: OfficialPerson; readonly me: Me }) => {
  const allows = pncAllows(me.permissions)
  const [notice, setNotice] = useState("")
  if (!allows.records && !allows.warrants && !allows.markers && !allows.licences) return null
  return (
    <div className="pnc-actions" role="group" aria-label={words.actionsOf(person.fullName)}>
      <div className="actions">
        {allows.records && (
          <ActionDialog label={words.records.add} tone="primary">{(close) => <RecordForm person={person} onDone={close} />}</ActionDialog>
        )}
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
      {allows.licences && (
        <Part heading={words.licence.heading}>
          {person.licence === null ? <p className="muted">{words.licence.none}</p> : <LicenceActions licence={person.licence} />}
        </Part>
      )}
      {allows.warrants && <Part heading={words.warrants.heading}><WarrantTable warrants={person.warrants} me={me} /></Part>}
      {allows.markers && <Part heading={words.markers.heading}><MarkerTable markers={person.markers} me={me} /></Part>}
    </div>
  )
}
