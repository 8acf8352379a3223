import {
  AlreadyCrewed,
  CadConflict,
  CrewIdentifier,
  CrewMemberId,
  CrewSearch,
  CrewUser,
  RecordVersion,
  UnitFields,
  UnitId,
  UnitStatus,
  UnitView
} from "@bluelight/core/cad"
import { AccountId, StaffInactive } from "@bluelight/core/identity"
import { InvalidInput, InvalidState, NoChange, NotFound } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { change, created, one, page } from "../endpointParts.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single, List } from "../schema/envelope.js"
import { LenientQuery, paging } from "../schema/query.js"
import { EXAMPLE_ID } from "./schemas.js"

const UnitPath = Schema.Struct({ id: UnitId })
const EXAMPLE_UNIT = { callsign: "MP-21", agencyCode: "MET", type: "RESPONSE" } as const
const view = operation({ access: "session-or-credential", permissions: ["cad.view"] })
const manage = operation({ access: "session-or-credential", permissions: ["cad.view", "cad.units.manage"] })

export class UnitsApi extends HttpApiGroup.make("cadUnits")
  .add(
    HttpApiEndpoint.get("listUnits", "/cad/units", page({}, UnitView)).pipe(
      view("List units", "Every unit by callsign, each with its current crew.")
    )
  )
  .add(
    HttpApiEndpoint.post("createUnit", "/cad/units", created(Body(UnitFields.fields, { name: "UnitInput", example: EXAMPLE_UNIT }), UnitView, InvalidInput))
      .pipe(
        manage(
          "Create a unit",
          "A new unit, `OFF_DUTY` until crew joins, `version` 1. Callsigns are unique ignoring case (`INVALID_INPUT` at `callsign`). Records `UNIT_CREATED`."
        )
      )
  )
  .add(
    HttpApiEndpoint.get("listEligibleCrew", "/cad/units/eligible-crew", {
      query: LenientQuery({ ...paging, search: Schema.optional(CrewSearch) }),
      success: List(CrewUser)
    }).pipe(
      manage(
        "List people who can crew a unit",
        "Active staff on active accounts, by display name, for the crew picker; `search` is a case-insensitive part of the display name " +
          "(at most 100 characters). People already crewing a unit are listed too (adding them elsewhere is `ALREADY_CREWED`)."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getUnit", "/cad/units/:id", one(UnitPath, UnitView)).pipe(
      view("Get a unit", "One unit with its current crew.")
    )
  )
  .add(
    HttpApiEndpoint.post(
      "updateUnit",
      "/cad/units/:id/update",
      change(
        UnitPath,
        Body({ ...UnitFields.fields, version: RecordVersion }, { name: "UnitUpdate", example: { ...EXAMPLE_UNIT, version: 1 } }),
        UnitView,
        NotFound,
        InvalidInput,
        CadConflict,
        NoChange
      )
    ).pipe(
      manage(
        "Edit a unit",
        "Replaces the unit's callsign, agency code and type, with the `version` read (a stale one is `CAD_CONFLICT` and writes nothing). " +
          "The same fields again are `NO_CHANGE`; a callsign in use is `INVALID_INPUT`. Records `UNIT_UPDATED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "setUnitStatus",
      "/cad/units/:id/status",
      change(
        UnitPath,
        Body({ status: UnitStatus, version: RecordVersion }, { name: "UnitStatusInput", example: { status: "BUSY", version: 2 } }),
        UnitView,
        NotFound,
        CadConflict,
        InvalidState,
        NoChange
      )
    ).pipe(
      operation({ access: "session-or-credential", permissions: ["cad.view", "cad.dispatch"] })(
        "Change a unit's status",
        "Control moves a unit's status with its current `version` (`CAD_CONFLICT` otherwise). A unit attending an incident moves between " +
          "`ASSIGNED`, `EN_ROUTE` and `ON_SCENE`; a crewed unit on no incident between `AVAILABLE`, `BUSY` and `UNAVAILABLE`. " +
          "Any other move is `INVALID_STATE` (assigning, clearing and crew changes are their own operations); the same status is `NO_CHANGE`. " +
          "Records `UNIT_STATUS_CHANGED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post("addCrew", "/cad/units/:id/crew", {
      params: UnitPath,
      ...created(
        Body({ userId: AccountId, identifier: CrewIdentifier }, { name: "CrewInput", example: { userId: AccountId.make(EXAMPLE_ID), identifier: "4521" } }),
        UnitView,
        NotFound,
        AlreadyCrewed,
        StaffInactive
      )
    }).pipe(
      manage(
        "Add a person to a unit's crew",
        "Adds an active staff member (`STAFF_INACTIVE` otherwise) to the unit's crew with their `identifier` (1 to 64 characters). " +
          "A person crews one unit at a time: `ALREADY_CREWED` if they crew one. An `OFF_DUTY` unit becomes `AVAILABLE`; the unit's " +
          "`version` is bumped. Records `CREW_JOINED`. Answers the unit with its crew."
      )
    )
  )
  .add(
    HttpApiEndpoint.post("removeCrew", "/cad/units/:id/crew/:crewId/remove", {
      params: Schema.Struct({ id: UnitId, crewId: CrewMemberId }),
      success: Single(UnitView),
      error: failsWith(NotFound, InvalidState)
    }).pipe(
      manage(
        "Remove a person from a unit's crew",
        "Ends the crew membership (`leftAt` set; it stays in the history). When the last crew leaves, the unit is first cleared from its " +
          "incident (`UNIT_CLEARED`), then goes `OFF_DUTY`. A membership already ended is `INVALID_STATE`. Records `CREW_LEFT`."
      )
    )
  )
  .annotate(OpenApi.Title, "CAD units")
  .annotate(OpenApi.Description, "Units, their crews and their statuses.")
{}
