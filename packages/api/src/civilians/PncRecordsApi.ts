import {
  CitedCharges,
  CivilianId,
  EndorsementCode,
  FineAmount,
  LicencePoints,
  MarkerId,
  MarkerNotActive,
  MarkerType,
  MarkerView,
  OfficialReason,
  RecordDescription,
  RecordId,
  RecordLocation,
  RecordTitle,
  RecordType,
  RecordView,
  SelfApproval,
  VehicleId,
  WarrantId,
  WarrantNotActive,
  WarrantOutcome,
  WarrantStatus,
  WarrantView
} from "@bluelight/core/civilians"
import { EnteredTimestamp, InvalidInput, InvalidState, NotFound, OneOf } from "@bluelight/core/kernel"
import { DateTime, Schema, SchemaTransformation } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { change, created, one, page } from "../endpointParts.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Details } from "./inputs.js"
import { reasonedChange } from "./reasoned.js"

const lookup = operation({ access: "session-or-credential", permissions: ["pnc.view"] })
const records = operation({ access: "session", permissions: ["pnc.records.manage"] })
const warrants = operation({ access: "session", permissions: ["pnc.warrants.manage"] })
const markers = operation({ access: "session", permissions: ["pnc.markers.manage"] })

/** Ids in the examples: the form of a real one. */
const EXAMPLE_CIVILIAN_ID = CivilianId.make("0190a7f2-3c4d-7e5f-8a6b-1c2d3e4f5a6c")
const EXAMPLE_VEHICLE_ID = VehicleId.make("0190a7f2-3c4d-7e5f-8a6b-1c2d3e4f5a6d")

const RecordPath = Schema.Struct({ id: RecordId })
const WarrantPath = Schema.Struct({ id: WarrantId })
const MarkerPath = Schema.Struct({ id: MarkerId })
const Active = OneOf("true", "false").pipe(
  Schema.decodeTo(Schema.Boolean, SchemaTransformation.transform({ decode: (s) => s === "true", encode: (b) => (b ? "true" : "false") }))
)

export class PncRecordsApi extends HttpApiGroup.make("pncRecords")
  .add(
    HttpApiEndpoint.post(
      "createRecord",
      "/pnc/records",
      created(
        Body({
          civilianId: CivilianId,
          type: RecordType,
          title: RecordTitle,
          description: RecordDescription,
          location: RecordLocation,
          occurredAt: EnteredTimestamp,
          fineAmount: Schema.optionalKey(FineAmount),
          points: Schema.optionalKey(LicencePoints),
          vehicleId: Schema.optionalKey(VehicleId),
          disclosed: Schema.optionalKey(Schema.Boolean),
          endorsementCode: Schema.optionalKey(EndorsementCode),
          charges: Schema.optionalKey(CitedCharges)
        }, {
          name: "RecordInput",
          example: {
            civilianId: EXAMPLE_CIVILIAN_ID,
            type: "CITATION",
            title: "Speeding",
            description: "Driving at 48 in a 30 zone on the High Street",
            location: "High Street",
            occurredAt: DateTime.makeUnsafe("2026-01-31T21:15:00.000Z"),
            fineAmount: 100,
            points: 3,
            vehicleId: EXAMPLE_VEHICLE_ID,
            endorsementCode: "SP30"
          }
        }),
        RecordView,
        NotFound,
        InvalidInput
      )
    ).pipe(
      records(
        "Create a record",
        "A record against a person, recorded by the caller: `title` 3 to 120, `description` 3 to 4000, `location` 2 to 200 " +
          "characters, `occurredAt` not in the future, `fineAmount` 0 to 1,000,000 (default 0), `points` 0 to 12 (default 0), " +
          "`disclosed` (default true, false for INTELLIGENCE) says whether the character's owner sees it. With points against a " +
          "person holding a licence it adds an endorsement linked to the record (`endorsementCode`, or the type's code; " +
          "expiring in three years) in the same change; without a licence the record is kept and nothing is endorsed. " +
          "`charges` cites charges of the catalogue (`GET /api/pnc/charges`), each `{chargeId, count}` (`count` 1 to 20; at most 20 " +
          "charges, none twice, each active, and for a WARNING each warning-applicable, else `INVALID_INPUT` at its place in " +
          "`charges`). With charges, `fineAmount` must lie between the sum of each charge's `fineMin` times its count and the " +
          "sum of its `fineMax` times its count (else `INVALID_INPUT` at `fineAmount`, naming the range) and defaults to the " +
          "lower; `points` must not exceed the charges' points times their counts, capped at 12, and defaults to that; " +
          "`endorsementCode` defaults to that of the cited charge with the most points (the first cited of equals). The record " +
          "keeps a copy of each charge as it is now (`charges`). An unknown person or vehicle is `NOT_FOUND`. Records `RECORD_CREATED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getRecord", "/pnc/records/:id", one(RecordPath, RecordView)).pipe(
      lookup("Get a record", "One record, with who recorded it and who closed or voided it.")
    )
  )
  .add(
    HttpApiEndpoint.post(
      "closeRecord",
      "/pnc/records/:id/close",
      reasonedChange(RecordPath, { name: "RecordClosure", example: "Fine paid" }, RecordView, NotFound, InvalidState)
    ).pipe(
      records(
        "Close a record",
        "An open record is closed (dealt with), with a `reason` (3 to 500 characters). A record already closed or void is " +
          "`INVALID_STATE`. Records `RECORD_CLOSED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "voidRecord",
      "/pnc/records/:id/void",
      reasonedChange(RecordPath, { name: "RecordVoiding", example: "Recorded against the wrong person" }, RecordView, NotFound, InvalidState)
    ).pipe(
      records(
        "Void a record",
        "An open record made in error is void, with a `reason` (3 to 500 characters); the endorsement it made stops counting " +
          "(`ENDORSEMENT_REMOVED`). A record already closed or void is `INVALID_STATE`. Records `RECORD_VOIDED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("listCivilianRecords", "/pnc/civilians/:id/records", {
      params: Schema.Struct({ id: CivilianId }),
      ...page({}, RecordView),
      error: failsWith(NotFound)
    }).pipe(
      lookup("List a person's records", "Every record of a person, undisclosed and void ones included, with who recorded each; the latest occurrence first.")
    )
  )
  .add(
    HttpApiEndpoint.get("listWarrants", "/pnc/warrants", page({ status: Schema.optional(WarrantStatus), civilianId: Schema.optional(CivilianId) }, WarrantView))
      .pipe(
        lookup(
          "List warrants",
          "Warrants, newest first; `status` keeps those that read so now (an active warrant past `expiresAt` reads EXPIRED), `civilianId` one person's. " +
            "Requests waiting for approval show only for `status=PENDING_APPROVAL`, rejected ones only for `status=REJECTED`: " +
            "without `status`, the list holds the warrants in force, ever."
        )
      )
  )
  .add(
    HttpApiEndpoint.post(
      "issueWarrant",
      "/pnc/warrants",
      created(
        Body({
          civilianId: CivilianId,
          reason: OfficialReason,
          details: Schema.optionalKey(Details),
          expiresAt: Schema.optionalKey(EnteredTimestamp)
        }, { name: "WarrantInput", example: { civilianId: EXAMPLE_CIVILIAN_ID, reason: "Failed to appear at court" } }),
        WarrantView,
        NotFound,
        InvalidInput
      )
    ).pipe(
      warrants(
        "Issue a warrant",
        "An active warrant for a person, issued by the caller: `reason` 3 to 500 characters, `details` up to 2000, " +
          "`expiresAt` in the future (else `INVALID_INPUT`). An unknown person is `NOT_FOUND`. Records `WARRANT_ISSUED`. " +
          "While the community's warrants need approval (`warrantsNeedApproval`), the warrant is PENDING_APPROVAL instead: " +
          "no warrant yet, in no active list or count, until another officer approves it. Records `WARRANT_REQUESTED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "closeWarrant",
      "/pnc/warrants/:id/close",
      change(
        WarrantPath,
        Body({ outcome: WarrantOutcome, note: OfficialReason }, { name: "WarrantClosure", example: { outcome: "EXECUTED", note: "Arrested at home" } }),
        WarrantView,
        NotFound,
        WarrantNotActive
      )
    ).pipe(
      warrants(
        "Close a warrant",
        "An active warrant is EXECUTED or WITHDRAWN, with a `note` (3 to 500 characters). A warrant already closed or past " +
          "its expiry is `WARRANT_NOT_ACTIVE`. Records `WARRANT_CLOSED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "approveWarrant",
      "/pnc/warrants/:id/approve",
      change(
        WarrantPath,
        Body({ note: Schema.optionalKey(OfficialReason) }, { name: "WarrantApproval", example: { note: "Grounds checked with the custody record" } }),
        WarrantView,
        NotFound,
        SelfApproval,
        InvalidState
      )
    ).pipe(
      warrants(
        "Approve a warrant",
        "A warrant PENDING_APPROVAL becomes ACTIVE, `issuedAt` now, with an optional `note` (3 to 500 characters). Its " +
          "requester cannot approve it (`SELF_APPROVAL`); a warrant not pending, or one whose `expiresAt` has passed, is " +
          "`INVALID_STATE`. Of officers deciding at once, exactly one decides. Records `WARRANT_APPROVED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "rejectWarrant",
      "/pnc/warrants/:id/reject",
      reasonedChange(WarrantPath, { name: "WarrantRejection", example: "No grounds given for the arrest" }, WarrantView, NotFound, SelfApproval, InvalidState)
    ).pipe(
      warrants(
        "Reject a warrant",
        "A warrant PENDING_APPROVAL is REJECTED for good, with a `reason` (3 to 500 characters). Its requester cannot reject it " +
          "(`SELF_APPROVAL`); a warrant not pending is `INVALID_STATE`. Of officers deciding at once, exactly one decides. " +
          "Records `WARRANT_REJECTED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.get(
      "listMarkers",
      "/pnc/markers",
      page({
        active: Schema.optional(Active),
        type: Schema.optional(MarkerType),
        civilianId: Schema.optional(CivilianId),
        vehicleId: Schema.optional(VehicleId)
      }, MarkerView)
    ).pipe(
      lookup(
        "List markers",
        "Markers, newest first; `active=true` keeps those active now (not cleared, not past `expiresAt`), `active=false` the " +
          "others; `type`, `civilianId` and `vehicleId` narrow further."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "createMarker",
      "/pnc/markers",
      created(
        Body({
          type: MarkerType,
          civilianId: Schema.optionalKey(CivilianId),
          vehicleId: Schema.optionalKey(VehicleId),
          reason: OfficialReason,
          details: Schema.optionalKey(Details),
          expiresAt: Schema.optionalKey(EnteredTimestamp)
        }, { name: "MarkerInput", example: { type: "STOLEN_VEHICLE", vehicleId: EXAMPLE_VEHICLE_ID, reason: "Reported stolen by the keeper" } }),
        MarkerView,
        NotFound,
        InvalidInput
      )
    ).pipe(
      markers(
        "Create a marker",
        "A marker set by the caller. VEHICLE_BOLO and STOLEN_VEHICLE need `vehicleId` and take no `civilianId`; PERSON_BOLO, " +
          "WANTED, MISSING_PERSON and OFFICER_SAFETY need `civilianId` and take no `vehicleId`; GENERAL takes either or both " +
          "(else `INVALID_INPUT`). `reason` 3 to 500 characters, `details` up to 2000, `expiresAt` in the future. An unknown " +
          "person or vehicle is `NOT_FOUND`. Records `MARKER_CREATED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "clearMarker",
      "/pnc/markers/:id/clear",
      reasonedChange(MarkerPath, { name: "MarkerClearance", example: "Vehicle recovered" }, MarkerView, NotFound, MarkerNotActive)
    ).pipe(
      markers(
        "Clear a marker",
        "An active marker is cleared, with a `reason` (3 to 500 characters). A marker already cleared or past its expiry " +
          "is `MARKER_NOT_ACTIVE`. Records `MARKER_CLEARED`."
      )
    )
  )
  .annotate(OpenApi.Title, "PNC records")
  .annotate(OpenApi.Description, "Records, warrants and markers on the PNC: what a check shows beside the licence and the vehicles.")
{}
