import type { VehicleType } from "@bluelight/core/civilians"
import { ApiFailure } from "../api/failure.js"
import { characters as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { useFields } from "../ui/useFields.js"
import { type Character, useRegisterVehicle, type VehicleInput } from "./queries.js"
import { checkVehicle } from "./validate.js"

const TYPES = Object.keys(words.vehicleTypes) as ReadonlyArray<VehicleType>
const EMPTY = { plate: "", make: "", model: "", colour: "", type: "CAR" }
const SHOWN = ["plate", "make", "model", "colour", "type"]

/**
 * A refusal as the form shows it: a plate already taken (`PLATE_TAKEN`, which names no field) is
 * the plate's problem, said beside it in the API's words.
 */
export const atTheField = (error: Error): Error =>
  error instanceof ApiFailure && error.code === "PLATE_TAKEN"
    ? new ApiFailure(error.code, error.message, [{ path: ["plate"], message: error.message }], error.details, error.retryAfterSeconds)
    : error

/** Registering a vehicle with this character as its keeper. What was typed stays when the API refuses it. */
export const RegisterVehicleForm = ({ character }: { readonly character: Character }) => {
  const register = useRegisterVehicle(character.id)
  const form = useFields(EMPTY)
  return (
    <form
      className="chars-form"
      aria-labelledby={`${form.id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const vehicle = { ...form.fields, type: form.fields.type as VehicleType } satisfies VehicleInput
        const local = checkVehicle(vehicle)
        form.setFailure(local)
        if (local !== null) return
        register.mutate(vehicle, {
          onSuccess: () => form.setFields(EMPTY),
          onError: (error) => form.setFailure(atTheField(error))
        })
      }}
    >
      <h3 id={`${form.id}-title`}>{words.registerTitle}</h3>
      <FormProblem failure={form.failure} shownFields={SHOWN} />
      <div className="chars-grid chars-grid-vehicle">
        <div className="chars-field">
          <label htmlFor={`${form.id}-plate`}>{words.plate}</label>
          <input {...form.field("plate")} className="chars-mono" maxLength={16} required autoComplete="off" />
          {form.problems("plate")}
        </div>
        <div className="chars-field">
          <label htmlFor={`${form.id}-make`}>{words.make}</label>
          <input {...form.field("make")} maxLength={40} required autoComplete="off" />
          {form.problems("make")}
        </div>
        <div className="chars-field">
          <label htmlFor={`${form.id}-model`}>{words.model}</label>
          <input {...form.field("model")} maxLength={40} required autoComplete="off" />
          {form.problems("model")}
        </div>
        <div className="chars-field">
          <label htmlFor={`${form.id}-colour`}>{words.colour}</label>
          <input {...form.field("colour")} maxLength={30} required autoComplete="off" />
          {form.problems("colour")}
        </div>
        <div className="chars-field">
          <label htmlFor={`${form.id}-type`}>{words.type}</label>
          <select {...form.field("type")}>
            {TYPES.map((type) => <option key={type} value={type}>{words.vehicleTypes[type]}</option>)}
          </select>
          {form.problems("type")}
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={register.isPending}>{register.isPending ? words.registering : words.register}</button>
      </div>
    </form>
  )
}
