import { CivilianId, EndorsementId, EndorsementNotActive, InvalidExpiry, LicenceId, PlateTaken, VehicleId } from "@bluelight/core/civilians"
import { EnteredTimestamp, InvalidInput, InvalidState, NoChange, NotFound } from "@bluelight/core/kernel"
import { DateTime, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControlMiddleware.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single, List } from "../schema/envelope.js"
import { paging, StrictQuery } from "../schema/query.js"
import { Categories, endorsementFields, Reason, SearchText, vehicleStatusFields } from "./inputs.js"
import { CivilianSearchHit, OfficialCivilian, OfficialLicence, PncEvent, PncVehicleRecord, PncVehicleSummary, Vehicle } from "./schemas.js"

const lookup = allow({ access: "session-or-credential", permissions: ["pnc.view"] })
const licences = allow({ access: "session", permissions: ["pnc.licences.manage"] })
const CivilianPath = Schema.Struct({ id: CivilianId })
const VehiclePath = Schema.Struct({ id: VehicleId })
const LicencePath = Schema.Struct({ id: LicenceId })
const EndorsementPath = Schema.Struct({ id: LicenceId, endorsementId: EndorsementId })

export class PncApi extends HttpApiGroup.make("pnc")
  .add(
    HttpApiEndpoint.get("searchCivilians", "/pnc/civilians", {
      query: StrictQuery({ ...paging, search: Schema.optional(SearchText) }),
      success: List(CivilianSearchHit)
    })
      .annotate(OpenApi.Summary, "Search people")
      .annotate(
        OpenApi.Description,
        "People whose name holds every word of `search` (1 to 100 characters, ignoring case), or whose reference is " +
          "`search`; alphabetical by name. Without `search`, everyone. Unknown query parameters are refused."
      )
      .pipe(lookup)
  )
  .add(
    HttpApiEndpoint.get("getPerson", "/pnc/civilians/:id", {
      params: CivilianPath,
      success: Single(OfficialCivilian),
      error: failsWith(NotFound)
    })
      .annotate(OpenApi.Summary, "Get a person's record")
      .annotate(
        OpenApi.Description,
        "The official view of a person: licence, vehicles, active markers and warrants, counts. `owner` is present only " +
          "for callers holding `civilians.manage`; the owner's private notes never are."
      )
      .pipe(lookup)
  )
  .add(
    HttpApiEndpoint.get("searchVehicles", "/pnc/vehicles", {
      query: StrictQuery({ ...paging, search: Schema.optional(SearchText) }),
      success: List(PncVehicleSummary)
    })
      .annotate(OpenApi.Summary, "Search vehicles")
      .annotate(
        OpenApi.Description,
        "Vehicles whose registration holds `search` ignoring spaces, hyphens and case, or whose make and model hold every " +
          "word of it; ordered by registration. `search` is 1 to 100 characters; without it, every vehicle. Unknown query " +
          "parameters are refused."
      )
      .pipe(lookup)
  )
  .add(
    HttpApiEndpoint.get("getVehicle", "/pnc/vehicles/:id", {
      params: VehiclePath,
      success: Single(PncVehicleRecord),
      error: failsWith(NotFound)
    })
      .annotate(OpenApi.Summary, "Get a vehicle record")
      .annotate(OpenApi.Description, "The registration, keeper, licence and alert chain in one read, with every keeper the latest first.")
      .pipe(lookup)
  )
  .add(
    HttpApiEndpoint.patch("changeVehicleStatuses", "/pnc/vehicles/:id", {
      params: VehiclePath,
      payload: Body(vehicleStatusFields, { name: "VehicleStatusChange", example: { reason: "Insurance lapsed", insuranceStatus: "UNINSURED" } }),
      success: Single(Vehicle),
      error: failsWith(NotFound, NoChange, PlateTaken)
    })
      .annotate(OpenApi.Summary, "Change a vehicle's official statuses")
      .annotate(
        OpenApi.Description,
        "Sets any of the four statuses, with a `reason` (3 to 500 characters). At least one must change (`NO_CHANGE`). " +
          "A scrapped vehicle brought back needs its plate free (`PLATE_TAKEN`). Records `VEHICLE_STATUS_CHANGED`; " +
          "audited as `pnc.vehicle.status.changed`."
      )
      .pipe(allow({ access: "session", permissions: ["pnc.vehicles.manage"] }))
  )
  .add(
    HttpApiEndpoint.get("getLicence", "/pnc/licences/:id", {
      params: LicencePath,
      success: Single(OfficialLicence),
      error: failsWith(NotFound)
    })
      .annotate(OpenApi.Summary, "Get a licence")
      .annotate(OpenApi.Description, "The official view of a licence: every endorsement, removed ones too, with who recorded each.")
      .pipe(lookup)
  )
  .add(
    HttpApiEndpoint.patch("updateLicence", "/pnc/licences/:id", {
      params: LicencePath,
      payload: Body({ reason: Reason, categories: Schema.optionalKey(Categories), expiresAt: Schema.optionalKey(EnteredTimestamp) }, {
        name: "LicenceChange",
        example: { reason: "Renewal at the counter", expiresAt: DateTime.makeUnsafe("2036-01-31T00:00:00.000Z") }
      }),
      success: Single(OfficialLicence),
      error: failsWith(NotFound, NoChange, InvalidExpiry)
    })
      .annotate(OpenApi.Summary, "Change a licence's categories or expiry")
      .annotate(
        OpenApi.Description,
        "Changes the entitlement (`categories`) or the expiry (`expiresAt`, the way to renew an expired licence), with a " +
          "`reason`. Something must change (`NO_CHANGE`); an expiry not after the issue is `INVALID_EXPIRY`. Records `LICENCE_UPDATED`."
      )
      .pipe(licences)
  )
  .add(
    HttpApiEndpoint.post("suspendLicence", "/pnc/licences/:id/suspend", {
      params: LicencePath,
      payload: Body({ reason: Reason, until: Schema.optionalKey(EnteredTimestamp) }, { name: "LicenceSuspension", example: { reason: "Court order" } }),
      success: Single(OfficialLicence),
      error: failsWith(NotFound, InvalidInput, InvalidState, NoChange)
    })
      .annotate(OpenApi.Summary, "Suspend a licence")
      .annotate(
        OpenApi.Description,
        "Suspended until `until` (in the future), or indefinitely without it; past `until` the suspension reads as lapsed. " +
          "A revoked or expired licence cannot be suspended (`INVALID_STATE`); the same suspension again is `NO_CHANGE`. Records `LICENCE_SUSPENDED`."
      )
      .pipe(licences)
  )
  .add(
    HttpApiEndpoint.post("revokeLicence", "/pnc/licences/:id/revoke", {
      params: LicencePath,
      payload: Body({ reason: Reason }, { name: "LicenceRevocation", example: { reason: "Disqualified by the court" } }),
      success: Single(OfficialLicence),
      error: failsWith(NotFound, NoChange)
    })
      .annotate(OpenApi.Summary, "Revoke a licence")
      .annotate(OpenApi.Description, "Revoked until reinstated; revoking twice is `NO_CHANGE`. Records `LICENCE_REVOKED`.")
      .pipe(licences)
  )
  .add(
    HttpApiEndpoint.post("reinstateLicence", "/pnc/licences/:id/reinstate", {
      params: LicencePath,
      payload: Body({ reason: Reason }, { name: "LicenceReinstatement", example: { reason: "Disqualification served" } }),
      success: Single(OfficialLicence),
      error: failsWith(NotFound, NoChange)
    })
      .annotate(OpenApi.Summary, "Reinstate a licence")
      .annotate(
        OpenApi.Description,
        "A suspended (even lapsed) or revoked licence is valid again; one that is neither is `NO_CHANGE`. Records `LICENCE_REINSTATED`."
      )
      .pipe(licences)
  )
  .add(
    HttpApiEndpoint.post("addEndorsement", "/pnc/licences/:id/endorsements", {
      params: LicencePath,
      payload: Body(endorsementFields, { name: "EndorsementInput", example: { code: "SP30", reason: "Speeding, 38 in a 30 zone", points: 3 } }),
      success: Single(OfficialLicence).pipe(HttpApiSchema.status(201)),
      error: failsWith(NotFound, InvalidInput)
    })
      .annotate(OpenApi.Summary, "Add an endorsement")
      .annotate(
        OpenApi.Description,
        "Endorses the licence (`code` such as SP30, `points` 0 to 12); it expires three years after it is made unless " +
          "`expiresAt` (in the future) says otherwise. Records `ENDORSEMENT_ADDED`."
      )
      .pipe(licences)
  )
  .add(
    HttpApiEndpoint.post("removeEndorsement", "/pnc/licences/:id/endorsements/:endorsementId/remove", {
      params: EndorsementPath,
      payload: Body({ reason: Reason }, { name: "EndorsementRemoval", example: { reason: "Appeal upheld" } }),
      success: Single(OfficialLicence),
      error: failsWith(NotFound, EndorsementNotActive)
    })
      .annotate(OpenApi.Summary, "Remove an endorsement")
      .annotate(
        OpenApi.Description,
        "The endorsement stops counting towards the points and stays visible in the official view, with who removed it " +
          "and why. Missing or already removed: `ENDORSEMENT_NOT_ACTIVE`. Records `ENDORSEMENT_REMOVED`."
      )
      .pipe(licences)
  )
  .add(
    HttpApiEndpoint.get("listPncEvents", "/pnc/events", {
      query: StrictQuery({ ...paging, civilianId: Schema.optional(CivilianId), vehicleId: Schema.optional(VehicleId) }),
      success: List(PncEvent)
    })
      .annotate(OpenApi.Summary, "Read the PNC history")
      .annotate(
        OpenApi.Description,
        "The PNC's permanent history, newest first; `civilianId` and `vehicleId` keep one person's or one vehicle's entries. " +
          "A member's own change to their character (creating, editing it, issuing its licence, registering or transferring " +
          "its vehicle) names the member only to callers holding `civilians.manage`; to others its `actor` is `{owner: true}`."
      )
      .pipe(lookup)
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "PNC")
  .annotate(OpenApi.Description, "Lookups of people, vehicles and licences, official changes to them, and the PNC's history.")
{}
