import { call } from "../../api/client.js"
import { pncActions } from "../../strings/pncActions.js"
import type { VehicleRecord } from "../types.js"
import { ActionForm } from "./ActionForm.js"
import { checkVehicleStatuses } from "./bodies.js"
import { AreaField, SelectField } from "./fields.js"

const words = pncActions.vehicle

/** The four official statuses and the values each takes. */
export const STATUS_VALUES = {
  registrationStatus: ["REGISTERED", "SUSPENDED", "SCRAPPED"],
  insuranceStatus: ["INSURED", "UNINSURED"],
  motStatus: ["VALID", "EXPIRED"],
  taxStatus: ["TAXED", "UNTAXED", "SORN"]
} as const
type StatusField = keyof typeof STATUS_VALUES
const FIELDS = Object.keys(STATUS_VALUES) as ReadonlyArray<StatusField>

export type VehicleStatusFields = { readonly [K in StatusField]: string } & { readonly reason: string }

/** The body of `PATCH /pnc/vehicles/{id}`: the reason and only the statuses that change (none changing is the API's `NO_CHANGE`). */
export const vehicleStatusWire = (vehicle: Pick<VehicleRecord, StatusField>, fields: VehicleStatusFields) => ({
  reason: fields.reason,
  ...Object.fromEntries(FIELDS.filter((field) => fields[field] !== vehicle[field]).map((field) => [field, fields[field]]))
})

/** A vehicle's official statuses changed with a reason: each select starts at the status it has now. */
export const VehicleStatusForm = ({ vehicle, onDone }: { readonly vehicle: VehicleRecord; readonly onDone: () => void }) => (
  <ActionForm
    label={words.change}
    initial={{
      registrationStatus: vehicle.registrationStatus,
      insuranceStatus: vehicle.insuranceStatus,
      motStatus: vehicle.motStatus,
      taxStatus: vehicle.taxStatus,
      reason: ""
    }}
    shown={[...FIELDS, "reason"]}
    check={(fields) => checkVehicleStatuses(vehicleStatusWire(vehicle, fields))}
    send={(body) => call((api) => api.pnc.changeVehicleStatuses({ params: { id: vehicle.id }, payload: body }))}
    submitLabel={words.submit}
    onDone={onDone}
    onCancel={onDone}
  >
    {(kit) => (
      <>
        {FIELDS.map((field) => (
          <SelectField
            key={field}
            kit={kit}
            name={field}
            label={words[field]}
            options={STATUS_VALUES[field].map((value) => [value, words.values[value]] as const)}
          />
        ))}
        <AreaField kit={kit} name="reason" label={pncActions.reason} maxLength={500} />
      </>
    )}
  </ActionForm>
)
