import { DateTime, Effect, Option } from "effect"
import { requires, type UserCaller } from "../identity/index.js"
import { inTransaction, InvalidInput, InvalidState, newId, NotFound, validated } from "../kernel/index.js"
import { ownedBy } from "./access.js"
import { canHoldOfficialDocuments } from "./Civilian.js"
import { PlateTaken } from "./errors.js"
import { recordChange } from "./history.js"
import { type CivilianId, VehicleId } from "./ids.js"
import { Civilians, Vehicles } from "./ports.js"
import { holdsPlate, NEW_VEHICLE_STATUSES, storedPlate, type Vehicle, VehicleFields, VehicleTransfer } from "./Vehicle.js"
import { vehicleView } from "./vehicleViews.js"

/** What a keeper writes of a vehicle they register. */
export type VehicleInput = VehicleFields

/** The fields as the vehicle rules have them: a caller that skipped the contract is held to them too. */
const validInput = validated(VehicleFields, "The vehicle's fields are not valid")
const validTransfer = validated(VehicleTransfer, "The vehicle's fields are not valid")

export const plateTaken = new PlateTaken({ message: "Another vehicle already has this registration" })

/**
 * `POST /civilians/{id}/vehicles`: registers a vehicle with the character as
 * its keeper. Plates are unique among vehicles not scrapped, ignoring spaces,
 * hyphens and case (a unique key settles a race).
 */
export const registerVehicle = Effect.fn("civilians.registerVehicle")(function*(caller: UserCaller, civilianId: CivilianId, fields: VehicleInput) {
  const input = yield* validInput(fields)
  const now = yield* DateTime.now
  return yield* inTransaction(Effect.gen(function*() {
    const civilian = yield* Effect.flatMap(Civilians.use((c) => c.findByIdForUpdate(civilianId)), ownedBy(caller))
    if (!canHoldOfficialDocuments(civilian)) {
      const message = `The character is ${civilian.status.toLowerCase()}: only an active character can keep a vehicle`
      return yield* new InvalidInput({ message, details: [{ path: [], message }] })
    }
    const vehicle: Vehicle = {
      id: yield* newId(VehicleId),
      plate: storedPlate(input.plate),
      make: input.make,
      model: input.model,
      colour: input.colour,
      type: input.type,
      ...NEW_VEHICLE_STATUSES,
      keeperId: civilian.id,
      keeperSince: now,
      createdAt: now,
      updatedAt: now
    }
    if (!(yield* Vehicles.use((v) => v.insert(vehicle)))) return yield* plateTaken
    yield* recordChange(caller, {
      type: "VEHICLE_REGISTERED",
      civilianId: civilian.id,
      vehicleId: vehicle.id,
      target: { type: "vehicle", id: vehicle.id },
      data: { plate: vehicle.plate, make: vehicle.make, model: vehicle.model, keeper: civilian.reference },
      through: civilian
    })
    return { ...vehicleView(vehicle), keeperSince: now }
  }))
}, requires("civilians.manage_own"))

const invalidReference = (message: string) => new InvalidInput({ message, details: [{ path: ["toReference"], message }] })

/**
 * `POST /civilians/{id}/vehicles/{vehicleId}/transfer`: the vehicle the
 * character keeps passes to another active character, named by reference.
 * The keeper periods record who kept it when.
 */
export const transferVehicle = Effect.fn("civilians.transferVehicle")(function*(
  caller: UserCaller,
  civilianId: CivilianId,
  vehicleId: VehicleId,
  input: { readonly toReference: string }
) {
  const { toReference } = yield* validTransfer({ toReference: input.toReference })
  const now = yield* DateTime.now
  const civilians = yield* Civilians
  const vehicles = yield* Vehicles
  return yield* inTransaction(Effect.gen(function*() {
    const civilian = yield* Effect.flatMap(civilians.findByIdForUpdate(civilianId), ownedBy(caller))
    const vehicle = yield* Effect.flatMap(vehicles.findByIdForUpdate(vehicleId), (found) =>
      Option.isSome(found) && found.value.keeperId === civilian.id
        ? Effect.succeed(found.value)
        : Effect.fail(new NotFound({ message: "No such vehicle" })))
    if (!holdsPlate(vehicle)) return yield* new InvalidState({ message: "A scrapped vehicle cannot change keeper" })
    const to = yield* Effect.flatMap(
      civilians.findByReferenceForShare(toReference),
      (found) => Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(invalidReference(`no character has the reference ${toReference}`))
    )
    if (to.id === civilian.id) return yield* invalidReference("the character already keeps this vehicle")
    if (!canHoldOfficialDocuments(to)) return yield* invalidReference(`the character ${to.reference} is ${to.status.toLowerCase()}`)
    const moved: Vehicle = { ...vehicle, keeperId: to.id, keeperSince: now, updatedAt: now }
    yield* vehicles.changeKeeper(moved, now)
    yield* recordChange(caller, {
      type: "KEEPER_CHANGED",
      civilianId: to.id,
      vehicleId: vehicle.id,
      target: { type: "vehicle", id: vehicle.id },
      data: { plate: vehicle.plate, from: { id: civilian.id, reference: civilian.reference }, to: { id: to.id, reference: to.reference } },
      // The old keeper's owner made it, whichever character's or the vehicle's history shows it.
      through: civilian
    })
    return vehicleView(moved)
  }))
}, requires("civilians.manage_own"))
