import { CivilianId, LicenceId, PncEventId, VehicleId } from "@bluelight/core/civilians"
import { IntegerBetween, Timestamp } from "@bluelight/core/kernel"
import { Person, ServiceActor } from "@bluelight/core/identity"
import { Schema } from "effect"

/** A whole number from zero: sequence numbers. */
const Count = IntegerBetween({ min: 0, max: Number.MAX_SAFE_INTEGER })

/**
 * One entry of the PNC's history as the wire carries it: a shape of the
 * contract's own, naming who made the change as the reader may see it. The
 * portal's and the PNC's other answers are the core's views
 * (`@bluelight/core/civilians`, `views.ts`), imported by the endpoints under
 * their own names.
 */
export const PncEvent = Schema.Struct({
  id: PncEventId,
  seq: Count,
  type: Schema.String,
  at: Timestamp,
  actor: Schema.Union([
    Person,
    ServiceActor,
    Schema.Struct({ owner: Schema.Literal(true) }).annotate({
      identifier: "CharacterOwnerActor",
      description: "A member's own change to their character, to a reader without civilians.manage: the character's owner, unnamed"
    })
  ]).annotate({
    description: "Who made the change: a member, a credential, or `{owner: true}` for a character owner's own change read without " +
      "civilians.manage (officers' changes always name the officer)"
  }),
  civilianId: Schema.NullOr(CivilianId),
  vehicleId: Schema.NullOr(VehicleId),
  licenceId: Schema.NullOr(LicenceId),
  data: Schema.Record(Schema.String, Schema.Unknown).annotate({
    description: "What changed; its shape depends on the type (VEHICLE_STATUS_CHANGED carries the reason)"
  })
}).annotate({ identifier: "PncEvent", description: "One entry of the PNC's permanent history" })
