import {
  CivilianId,
  CivilianSearchHit,
  EndorsementId,
  EndorsementNotActive,
  InvalidExpiry,
  LicenceCategories,
  LicenceId,
  OfficialCivilianView,
  OfficialLicence,
  OfficialReason,
  PlateTaken,
  PncSearch,
  PncVehicleRecord,
  PncVehicleSummary,
  VehicleId,
  VehicleView
} from "@bluelight/core/civilians"
import { EnteredTimestamp, InvalidInput, InvalidState, NoChange, NotFound } from "@bluelight/core/kernel"
import { DateTime, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { change, created, one, page } from "../endpointParts.js"
import { Body } from "../schema/body.js"
import { endorsementFields, vehicleStatusFields } from "./inputs.js"
import { reasonedChange } from "./reasoned.js"
import { PncEvent } from "./schemas.js"

const lookup = operation({ access: "session-or-credential", permissions: ["pnc.view"] })
const vehicles = operation({ access: "session", permissions: ["pnc.vehicles.manage"] })
const licences = operation({ access: "session", permissions: ["pnc.licences.manage"] })
const CivilianPath = Schema.Struct({ id: CivilianId })
const VehiclePath = Schema.Struct({ id: VehicleId })
const LicencePath = Schema.Struct({ id: LicenceId })
const EndorsementPath = Schema.Struct({ id: LicenceId, endorsementId: EndorsementId })

export class PncApi extends HttpApiGroup.make("pnc")
  .add(
    HttpApiEndpoint.get("searchCivilians", "/pnc/civilians", page({ search: Schema.optional(PncSearch) }, CivilianSearchHit)).pipe(
      lookup(
        "Search people",
        "People whose name holds every word of `search` (1 to 100 characters, ignoring case), or whose reference is " +
          "`search`; alphabetical by name. Without `search`, everyone."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getPerson", "/pnc/civilians/:id", one(CivilianPath, OfficialCivilianView)).pipe(
      lookup(
        "Get a person's record",
        "The official view of a person: licence, vehicles, active markers and warrants, counts. `owner` is present only " +
          "for callers holding `civilians.manage`; the owner's private notes never are."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("searchVehicles", "/pnc/vehicles", page({ search: Schema.optional(PncSearch) }, PncVehicleSummary)).pipe(
      lookup(
        "Search vehicles",
        "Vehicles whose registration holds `search` ignoring spaces, hyphens and case, or whose make and model hold every " +
          "word of it; ordered by registration. `search` is 1 to 100 characters; without it, every vehicle."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getVehicle", "/pnc/vehicles/:id", one(VehiclePath, PncVehicleRecord)).pipe(
      lookup("Get a vehicle record", "The registration, keeper, licence and alert chain in one read, with every keeper the latest first.")
    )
  )
  .add(
    HttpApiEndpoint.patch(
      "changeVehicleStatuses",
      "/pnc/vehicles/:id",
      change(
        VehiclePath,
        Body(vehicleStatusFields, { name: "VehicleStatusChange", example: { reason: "Insurance lapsed", insuranceStatus: "UNINSURED" } }),
        VehicleView,
        NotFound,
        NoChange,
        PlateTaken
      )
    ).pipe(
      vehicles(
        "Change a vehicle's official statuses",
        "Sets any of the four statuses, with a `reason` (3 to 500 characters). At least one must change (`NO_CHANGE`). " +
          "A scrapped vehicle brought back needs its plate free (`PLATE_TAKEN`). Records `VEHICLE_STATUS_CHANGED`; " +
          "audited as `pnc.vehicle.status.changed`."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getLicence", "/pnc/licences/:id", one(LicencePath, OfficialLicence)).pipe(
      lookup("Get a licence", "The official view of a licence: every endorsement, removed ones too, with who recorded each.")
    )
  )
  .add(
    HttpApiEndpoint.patch(
      "updateLicence",
      "/pnc/licences/:id",
      change(
        LicencePath,
        Body({ reason: OfficialReason, categories: Schema.optionalKey(LicenceCategories), expiresAt: Schema.optionalKey(EnteredTimestamp) }, {
          name: "LicenceChange",
          example: { reason: "Renewal at the counter", expiresAt: DateTime.makeUnsafe("2036-01-31T00:00:00.000Z") }
        }),
        OfficialLicence,
        NotFound,
        NoChange,
        InvalidExpiry
      )
    ).pipe(
      licences(
        "Change a licence's categories or expiry",
        "Changes the entitlement (`categories`) or the expiry (`expiresAt`, the way to renew an expired licence), with a " +
          "`reason`. Something must change (`NO_CHANGE`); an expiry not after the issue is `INVALID_EXPIRY`. Records `LICENCE_UPDATED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "suspendLicence",
      "/pnc/licences/:id/suspend",
      change(
        LicencePath,
        Body({ reason: OfficialReason, until: Schema.optionalKey(EnteredTimestamp) }, { name: "LicenceSuspension", example: { reason: "Court order" } }),
        OfficialLicence,
        NotFound,
        InvalidInput,
        InvalidState,
        NoChange
      )
    ).pipe(
      licences(
        "Suspend a licence",
        "Suspended until `until` (in the future), or indefinitely without it, `reason` shown as the licence's `suspensionReason`; " +
          "past `until` the suspension reads as lapsed. " +
          "A revoked or expired licence cannot be suspended (`INVALID_STATE`); the same suspension again is `NO_CHANGE`. Records `LICENCE_SUSPENDED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "revokeLicence",
      "/pnc/licences/:id/revoke",
      reasonedChange(LicencePath, { name: "LicenceRevocation", example: "Disqualified by the court" }, OfficialLicence, NotFound, NoChange)
    ).pipe(licences("Revoke a licence", "Revoked until reinstated; revoking twice is `NO_CHANGE`. Records `LICENCE_REVOKED`."))
  )
  .add(
    HttpApiEndpoint.post(
      "reinstateLicence",
      "/pnc/licences/:id/reinstate",
      reasonedChange(LicencePath, { name: "LicenceReinstatement", example: "Disqualification served" }, OfficialLicence, NotFound, NoChange)
    ).pipe(
      licences(
        "Reinstate a licence",
        "A suspended (even lapsed) or revoked licence is valid again, its `suspensionReason` cleared; one that is neither is " +
          "`NO_CHANGE`. Points falling never lift a suspension; this does. Records `LICENCE_REINSTATED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post("addEndorsement", "/pnc/licences/:id/endorsements", {
      params: LicencePath,
      ...created(
        Body(endorsementFields, { name: "EndorsementInput", example: { code: "SP30", reason: "Speeding, 38 in a 30 zone", points: 3 } }),
        OfficialLicence,
        NotFound,
        InvalidInput
      )
    }).pipe(
      licences(
        "Add an endorsement",
        "Endorses the licence (`code` such as SP30, `points` 0 to 12); it expires three years after it is made unless " +
          "`expiresAt` (in the future) says otherwise. Records `ENDORSEMENT_ADDED`. Totting-up: when the licence reads `VALID` and " +
          "its active points reach the community's `licencePointsThreshold` (`GET /api/admin/settings`; 0 is off), it is suspended " +
          "for `tottingUpSuspensionDays` in the same change (`LICENCE_SUSPENDED`, `suspensionReason: \"TOTTING_UP\"`)."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "removeEndorsement",
      "/pnc/licences/:id/endorsements/:endorsementId/remove",
      reasonedChange(EndorsementPath, { name: "EndorsementRemoval", example: "Appeal upheld" }, OfficialLicence, NotFound, EndorsementNotActive)
    ).pipe(
      licences(
        "Remove an endorsement",
        "The endorsement stops counting towards the points and stays visible in the official view, with who removed it " +
          "and why. Missing or already removed: `ENDORSEMENT_NOT_ACTIVE`. Records `ENDORSEMENT_REMOVED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("listPncEvents", "/pnc/events", page({ civilianId: Schema.optional(CivilianId), vehicleId: Schema.optional(VehicleId) }, PncEvent))
      .pipe(
        lookup(
          "Read the PNC history",
          "The PNC's permanent history, newest first; `civilianId` and `vehicleId` keep one person's or one vehicle's entries. " +
            "A member's own change to their character (creating, editing it, issuing its licence, registering or transferring " +
            "its vehicle) names the member only to callers holding `civilians.manage`; to others its `actor` is `{owner: true}`."
        )
      )
  )
  .annotate(OpenApi.Title, "PNC")
  .annotate(OpenApi.Description, "Lookups of people, vehicles and licences, official changes to them, and the PNC's history.")
{}
