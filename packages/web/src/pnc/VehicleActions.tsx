import type { Me } from "../app/session.js"
import { pncActions as words } from "../strings/pncActions.js"
import { ActionDialog } from "./actions/ActionDialog.js"
import "./actions/actions.css"
import { MarkerForm } from "./actions/MarkerActions.js"
import { pncAllows } from "./actions/permissions.js"
import { VehicleStatusForm } from "./actions/VehicleStatusForm.js"
import { ActionsPanel } from "./ActionsPanel.js"
import type { VehicleRecord } from "./types.js"

/**
 * What an officer may do to a vehicle, each only to holders of its key: change its official
 * statuses (`pnc.vehicles.manage`); mark it stolen, or any vehicle marker (`pnc.markers.manage`): a
 * vehicle reads stolen while it has an active Stolen vehicle marker. A marker is cleared where the
 * page lists it.
 */
export const VehicleActions = ({ vehicle, me }: { readonly vehicle: VehicleRecord; readonly me: Me }) => {
  const allows = pncAllows(me.permissions)
  if (!allows.vehicles && !allows.markers) return null
  return (
    <ActionsPanel name={words.actionsOf(vehicle.plate)}>
      <div className="actions">
        {allows.vehicles && (
          <ActionDialog label={words.vehicle.change} tone="primary">{(close) => <VehicleStatusForm vehicle={vehicle} onDone={close} />}</ActionDialog>
        )}
        {allows.markers && (
          <ActionDialog label={words.markers.add}>{(close) => <MarkerForm subject={{ kind: "vehicle", id: vehicle.id }} onDone={close} />}</ActionDialog>
        )}
      </div>
      {allows.markers && <p className="muted">{vehicle.stolen ? words.vehicle.stolenNow : words.vehicle.stolenHint}</p>}
    </ActionsPanel>
  )
}
