import { call } from "../../api/client.js"
import type { Me } from "../../app/session.js"
import { pncActions } from "../../strings/pncActions.js"
import type { OfficialPerson } from "../types.js"
import { ActionForm } from "./ActionForm.js"
import { checkMarker, checkMarkerClearance } from "./bodies.js"
import { AreaField, SelectField, TextField } from "./fields.js"
import { Day } from "../../ui/Day.js"
import { ReasonAction } from "./ReasonAction.js"
import { optionalText, optionalTime } from "./when.js"

const words = pncActions.markers
type Marker = OfficialPerson["markers"][number]
type MarkerType = Marker["type"]

/** The marker types a person takes, and those a vehicle takes (GENERAL goes on either). */
export const MARKER_TYPES = {
  person: ["WANTED", "PERSON_BOLO", "MISSING_PERSON", "OFFICER_SAFETY", "GENERAL"],
  vehicle: ["STOLEN_VEHICLE", "VEHICLE_BOLO", "GENERAL"]
} as const satisfies Record<string, ReadonlyArray<MarkerType>>

/** What a marker is set on: a person or a vehicle, by id. */
export type MarkerSubject = { readonly kind: "person"; readonly id: string } | { readonly kind: "vehicle"; readonly id: string }

export interface MarkerFields {
  readonly type: string
  readonly reason: string
  readonly details: string
  readonly expiresAt: string
}

/** The body of `POST /pnc/markers` as JSON has it: the person's or the vehicle's id, as the subject is. */
export const markerWire = (subject: MarkerSubject, fields: MarkerFields) => ({
  type: fields.type,
  ...(subject.kind === "person" ? { civilianId: subject.id } : { vehicleId: subject.id }),
  reason: fields.reason,
  ...optionalText("details", fields.details),
  ...optionalTime("expiresAt", fields.expiresAt)
})

/** A new marker on a person or a vehicle, of the types it takes. */
export const MarkerForm = ({ subject, onDone }: { readonly subject: MarkerSubject; readonly onDone: () => void }) => (
  <ActionForm
    label={words.add}
    initial={{ type: MARKER_TYPES[subject.kind][0], reason: "", details: "", expiresAt: "" }}
    shown={["type", "reason", "details", "expiresAt", "civilianId", "vehicleId"]}
    check={(fields) => checkMarker(markerWire(subject, fields))}
    send={(body) => call((api) => api.pncRecords.createMarker({ payload: body }))}
    submitLabel={words.submit}
    onDone={onDone}
    onCancel={onDone}
  >
    {(kit) => (
      <>
        <SelectField kit={kit} name="type" label={words.type} options={MARKER_TYPES[subject.kind].map((type) => [type, words.types[type]] as const)} />
        <AreaField kit={kit} name="reason" label={words.reason} maxLength={500} />
        <AreaField kit={kit} name="details" label={pncActions.details} maxLength={2000} />
        <TextField kit={kit} name="expiresAt" label={pncActions.expiresAt} type="datetime-local" />
      </>
    )}
  </ActionForm>
)

/** Active markers, each with Clear (a reason) for holders of `pnc.markers.manage`. */
export const MarkerTable = ({ markers, me }: { readonly markers: ReadonlyArray<Marker>; readonly me: Me }) => {
  const active = markers.filter((marker) => marker.active)
  if (active.length === 0) return <p className="muted">{words.none}</p>
  const manages = me.permissions.includes("pnc.markers.manage")
  return (
    <table className="pnc-table">
      <thead>
        <tr>
          <th scope="col">{words.type}</th>
          <th scope="col">{words.reference}</th>
          <th scope="col">{words.reason}</th>
          <th scope="col">{words.setBy}</th>
          <th scope="col">{words.expires}</th>
          {manages && <th scope="col">{words.actions}</th>}
        </tr>
      </thead>
      <tbody>
        {active.map((marker) => (
          <tr key={marker.id}>
            <th scope="row"><span className={`badge ${marker.type === "STOLEN_VEHICLE" || marker.type === "WANTED" ? "danger" : "warn"}`}>{words.types[marker.type]}</span></th>
            <td>{marker.reference}</td>
            <td>{marker.reason}{marker.details !== null && <span className="muted"> · {marker.details}</span>}</td>
            <td>{marker.issuedBy.displayName}</td>
            <td>{marker.expiresAt === null ? words.never : <Day at={marker.expiresAt} withTime />}</td>
            {manages && (
              <td>
                <ReasonAction
                  label={words.clear}
                  name={words.clearOf(marker.reference)}
                  title={words.clearOf(marker.reference)}
                  submitLabel={words.clearSubmit}
                  check={checkMarkerClearance}
                  send={(body) => call((api) => api.pncRecords.clearMarker({ params: { id: marker.id }, payload: body }))}
                />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
