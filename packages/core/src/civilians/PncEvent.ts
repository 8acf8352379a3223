import type { DateTime } from "effect"
import { type Actor, OneOf, type TypedChange } from "../kernel/index.js"
import type { CivilianId, LicenceId, PncEventId, VehicleId } from "./ids.js"
import type { PNC_EVENT_DATA } from "./PncEventData.js"
import type { Person } from "../identity/index.js"

/** The PNC history's entry types (upper snake case; docs/decisions/civilians.md, "History"). */
export const PNC_EVENT_TYPES = [
  "CIVILIAN_CREATED",
  "CIVILIAN_UPDATED",
  "LICENCE_ISSUED",
  "LICENCE_UPDATED",
  "LICENCE_SUSPENDED",
  "LICENCE_REVOKED",
  "LICENCE_REINSTATED",
  "ENDORSEMENT_ADDED",
  "ENDORSEMENT_REMOVED",
  "VEHICLE_REGISTERED",
  "VEHICLE_STATUS_CHANGED",
  "KEEPER_CHANGED",
  "RECORD_CREATED",
  "RECORD_CLOSED",
  "RECORD_VOIDED",
  "WARRANT_ISSUED",
  "WARRANT_CLOSED",
  "WARRANT_REQUESTED",
  "WARRANT_APPROVED",
  "WARRANT_REJECTED",
  "MARKER_CREATED",
  "MARKER_CLEARED"
] as const
/** One of `PNC_EVENT_TYPES`, as a schema: what a store decodes a stored entry's type with. */
export const PncEventType = OneOf(...PNC_EVENT_TYPES)
export type PncEventType = typeof PncEventType.Type

/** A PNC change's type with the data of that type (`PNC_EVENT_DATA`): a payload of the wrong shape does not compile. */
export type PncChange = TypedChange<typeof PNC_EVENT_DATA>

/** What a use case writes to the PNC history, its `data` typed by its `type`; the store gives it its `seq`. */
export type NewPncEvent = PncChange & {
  readonly id: PncEventId
  readonly at: DateTime.Utc
  readonly actor: Actor
  /** A member's own change to their character through the portal (`isOwnersOwnChange`), decided when recorded. */
  readonly byOwner: boolean
  readonly civilianId: CivilianId | null
  readonly vehicleId: VehicleId | null
  readonly licenceId: LicenceId | null
}

/**
 * An entry as the history loads it: a person by name, a credential by its
 * id, and whether it was the owner's own change. Its `data` is what is
 * stored, read without its type's schema: new entries are typed when written
 * (`NewPncEvent`), but the shapes have changed over time (`CIVILIAN_CREATED`
 * once carried the owner's id), and the permanent history answers every
 * entry as it was recorded rather than refusing or trimming an older one.
 */
export interface PncEvent {
  readonly id: PncEventId
  readonly seq: number
  readonly type: PncEventType
  readonly at: DateTime.Utc
  readonly actor: Person | { readonly serviceId: string }
  readonly byOwner: boolean
  readonly civilianId: CivilianId | null
  readonly vehicleId: VehicleId | null
  readonly licenceId: LicenceId | null
  readonly data: Readonly<Record<string, unknown>>
}

/** Who made a change, to a reader who may not know it: the character's owner, unnamed. */
export interface CharacterOwner {
  readonly owner: true
}

export const CHARACTER_OWNER: CharacterOwner = { owner: true }

/** An entry as `GET /pnc/events` shows it to one reader. */
export interface PncHistoryEntry extends Omit<PncEvent, "actor" | "byOwner"> {
  readonly actor: Person | { readonly serviceId: string } | CharacterOwner
}

/**
 * The entry as a reader sees it: a member's own change to their character
 * names them only to a reader who may know owners (`mayKnowOwners`); to
 * anyone else its actor is `{owner: true}`. Officers' and managers' changes
 * keep their actor for every reader.
 */
export const pncHistoryEntry = (event: PncEvent, showOwner: boolean): PncHistoryEntry => {
  const { actor, byOwner, ...entry } = event
  return { ...entry, actor: byOwner && !showOwner ? CHARACTER_OWNER : actor }
}
