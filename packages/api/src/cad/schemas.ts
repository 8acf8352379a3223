import {
  AssignedUnitView,
  CadEventView,
  Call,
  CallCloseReason,
  CallerNumber,
  CallFields,
  CallId,
  CallStatus,
  CrewIdentifier,
  CrewUser,
  Incident,
  IncidentDetail,
  IncidentFields,
  IncidentId,
  IncidentStatus,
  MdtUnitStatus,
  MdtView,
  RecordVersion,
  UnitFields,
  UnitId,
  UnitStatus,
  UnitView
} from "@bluelight/core/cad"
import { AccountId } from "@bluelight/core/identity"
import { Effect, Schema } from "effect"
import { TextOrNull } from "../schema/nullable.js"
import { IntegerFromString } from "../schema/query.js"

/** Ids in the examples: the form of a real one; the reference's user puts real ones in. */
export const EXAMPLE_ID = "0190a7f2-3c4d-7e5f-8a6b-1c2d3e4f5a6b"

// ------------------------------------------------------------------ answers

/**
 * CAD's answers are the core's views and records (each names its OpenAPI
 * component): `UnitView` is "Unit", `AssignedUnitView` "AssignedUnit",
 * `IncidentDetail` "IncidentDetail", `MdtView` "MdtState".
 */
export { AssignedUnitView, Call as CallView, CadEventView, CrewUser, IncidentDetail, Incident as IncidentView, MdtView, UnitView }

// ------------------------------------------------------------------ inputs

/** A record's `version` as the client read it: the core's rule. */
export const Version = RecordVersion

/** What Control writes of an incident: the core's fields and their rules. */
export const incidentFields = IncidentFields.fields

/** What Control writes of a unit: the core's fields and their rules. */
export const unitFields = UnitFields.fields

/** A crew member's identifier (collar number, radio id): 1 to 64 characters. */
export const Identifier = CrewIdentifier

/** A new call's fields: the core's, `callerNumber` optional in the body (absent is `null`). */
export const callFields = {
  ...CallFields.fields,
  callerNumber: TextOrNull(CallerNumber).pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(null)))
}

/** Why a call is closed. */
export const Reason = CallCloseReason

export const Seq = (name: string) => IntegerFromString(name, { min: 0, max: 999_999_999 })

export { AccountId, CallId, CallStatus, IncidentId, IncidentStatus, MdtUnitStatus, UnitId, UnitStatus }
