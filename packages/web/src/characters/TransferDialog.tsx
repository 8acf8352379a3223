import type { VehicleId } from "@bluelight/core/civilians"
import { useEffect, useRef } from "react"
import { characters as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { useFields } from "../ui/useFields.js"
import { useTransferVehicle, type Character } from "./queries.js"
import { checkTransfer } from "./validate.js"

export interface Transferring {
  readonly id: VehicleId
  readonly plate: string
}

/**
 * The confirmation of a transfer, in a modal dialog (`showModal`: focus kept inside, Escape
 * closes): the new keeper's reference, what a transfer means, then "Transfer vehicle".
 */
export const TransferDialog = ({ character, vehicle, onClose }: {
  readonly character: Character
  readonly vehicle: Transferring
  readonly onClose: (transferredTo: string | null) => void
}) => {
  const dialog = useRef<HTMLDialogElement>(null)
  const transfer = useTransferVehicle(character.id)
  const form = useFields({ toReference: "" })
  useEffect(() => {
    const element = dialog.current
    if (element !== null && !element.open) element.showModal()
  }, [])
  const title = `${form.id}-title`
  return (
    <dialog ref={dialog} aria-labelledby={title} aria-describedby={`${form.id}-lead`} onClose={() => onClose(null)} className="chars-dialog">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const toReference = form.fields.toReference.trim().toUpperCase()
          const local = checkTransfer({ toReference })
          form.setFailure(local)
          if (local !== null) return
          transfer.mutate({ vehicleId: vehicle.id, toReference }, {
            onSuccess: () => onClose(toReference),
            onError: (error) => form.setFailure(error)
          })
        }}
      >
        <h2 id={title}>{words.transferTitle(vehicle.plate)}</h2>
        <p id={`${form.id}-lead`}>{words.transferLead}</p>
        <FormProblem failure={form.failure} shownFields={["toReference"]} />
        <div className="chars-field">
          <label htmlFor={`${form.id}-toReference`}>{words.toReference}</label>
          <input {...form.field("toReference")} className="chars-mono" maxLength={20} required autoComplete="off" autoFocus />
          {form.problems("toReference")}
        </div>
        <div className="actions">
          <button type="submit" className="danger" disabled={transfer.isPending}>{transfer.isPending ? words.transferring : words.confirmTransfer}</button>
          <button type="button" onClick={() => dialog.current?.close()}>{words.cancel}</button>
        </div>
      </form>
    </dialog>
  )
}
