import { AlreadyCrewed, CadConflict, CrewMemberId } from "@bluelight/core/cad"
import { StaffInactive } from "@bluelight/core/identity"
import { InvalidInput, InvalidState, NoChange, NotFound, OneLineText } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControlMiddleware.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single, List } from "../schema/envelope.js"
import { LenientQuery, paging, StrictQuery } from "../schema/query.js"
import { AccountId, CrewUser, EXAMPLE_ID, Identifier, UnitId, unitFields, UnitStatus, UnitView, Version } from "./schemas.js"

const UnitPath = Schema.Struct({ id: UnitId })
const EXAMPLE_UNIT = { callsign: "MP-21", agencyCode: "MET", type: "RESPONSE" } as const
const manage = allow({ access: "session-or-credential", permissions: ["cad.view", "cad.units.manage"] })

export class UnitsApi extends HttpApiGroup.make("cadUnits")
  .add(
    HttpApiEndpoint.get("listUnits", "/cad/units", {
      query: StrictQuery(paging),
      success: List(UnitView)
    })
      .annotate(OpenApi.Summary, "List units")
      .annotate(OpenApi.Description, "Every unit by callsign, each with its current crew.")
      .pipe(allow({ access: "session-or-credential", permissions: ["cad.view"] }))
  )
  .add(
    HttpApiEndpoint.post("createUnit", "/cad/units", {
      payload: Body(unitFields, { name: "UnitInput", example: EXAMPLE_UNIT }),
      success: Single(UnitView).pipe(HttpApiSchema.status(201)),
      error: failsWith(InvalidInput)
    })
      .annotate(OpenApi.Summary, "Create a unit")
      .annotate(
        OpenApi.Description,
        "A new unit, `OFF_DUTY` until crew joins, `version` 1. Callsigns are unique ignoring case (`INVALID_INPUT` at `callsign`). Records `UNIT_CREATED`."
      )
      .pipe(manage)
  )
  .add(
    HttpApiEndpoint.get("listEligibleCrew", "/cad/units/eligible-crew", {
      query: LenientQuery({ ...paging, search: Schema.optional(OneLineText({ max: 100 })) }),
      success: List(CrewUser)
    })
      .annotate(OpenApi.Summary, "List people who can crew a unit")
      .annotate(
        OpenApi.Description,
        "Active staff on active accounts, by display name, for the crew picker; `search` is a case-insensitive part of the display name " +
          "(at most 100 characters). People already crewing a unit are listed too (adding them elsewhere is `ALREADY_CREWED`). " +
          "Unknown query parameters are ignored."
      )
      .pipe(manage)
  )
  .add(
    HttpApiEndpoint.get("getUnit", "/cad/units/:id", {
      params: UnitPath,
      success: Single(UnitView),
      error: failsWith(NotFound)
    })
      .annotate(OpenApi.Summary, "Get a unit")
      .annotate(OpenApi.Description, "One unit with its current crew.")
      .pipe(allow({ access: "session-or-credential", permissions: ["cad.view"] }))
  )
  .add(
    HttpApiEndpoint.post("updateUnit", "/cad/units/:id/update", {
      params: UnitPath,
      payload: Body({ ...unitFields, version: Version }, { name: "UnitUpdate", example: { ...EXAMPLE_UNIT, version: 1 } }),
      success: Single(UnitView),
      error: failsWith(NotFound, InvalidInput, CadConflict, NoChange)
    })
      .annotate(OpenApi.Summary, "Edit a unit")
      .annotate(
        OpenApi.Description,
        "Replaces the unit's callsign, agency code and type, with the `version` read (a stale one is `CAD_CONFLICT` and writes nothing). " +
          "The same fields again are `NO_CHANGE`; a callsign in use is `INVALID_INPUT`. Records `UNIT_UPDATED`."
      )
      .pipe(manage)
  )
  .add(
    HttpApiEndpoint.post("setUnitStatus", "/cad/units/:id/status", {
      params: UnitPath,
      payload: Body({ status: UnitStatus, version: Version }, { name: "UnitStatusInput", example: { status: "BUSY", version: 2 } }),
      success: Single(UnitView),
      error: failsWith(NotFound, CadConflict, InvalidState, NoChange)
    })
      .annotate(OpenApi.Summary, "Change a unit's status")
      .annotate(
        OpenApi.Description,
        "Control moves a unit's status with its current `version` (`CAD_CONFLICT` otherwise). A unit attending an incident moves between " +
          "`ASSIGNED`, `EN_ROUTE` and `ON_SCENE`; a crewed unit on no incident between `AVAILABLE`, `BUSY` and `UNAVAILABLE`. " +
          "Any other move is `INVALID_STATE` (assigning, clearing and crew changes are their own operations); the same status is `NO_CHANGE`. " +
          "Records `UNIT_STATUS_CHANGED`."
      )
      .pipe(allow({ access: "session-or-credential", permissions: ["cad.view", "cad.dispatch"] }))
  )
  .add(
    HttpApiEndpoint.post("addCrew", "/cad/units/:id/crew", {
      params: UnitPath,
      payload: Body({ userId: AccountId, identifier: Identifier }, { name: "CrewInput", example: { userId: AccountId.make(EXAMPLE_ID), identifier: "4521" } }),
      success: Single(UnitView).pipe(HttpApiSchema.status(201)),
      error: failsWith(NotFound, AlreadyCrewed, StaffInactive)
    })
      .annotate(OpenApi.Summary, "Add a person to a unit's crew")
      .annotate(
        OpenApi.Description,
        "Adds an active staff member (`STAFF_INACTIVE` otherwise) to the unit's crew with their `identifier` (1 to 64 characters). " +
          "A person crews one unit at a time: `ALREADY_CREWED` if they crew one. An `OFF_DUTY` unit becomes `AVAILABLE`; the unit's " +
          "`version` is bumped. Records `CREW_JOINED`. Answers the unit with its crew."
      )
      .pipe(manage)
  )
  .add(
    HttpApiEndpoint.post("removeCrew", "/cad/units/:id/crew/:crewId/remove", {
      params: Schema.Struct({ id: UnitId, crewId: CrewMemberId }),
      success: Single(UnitView),
      error: failsWith(NotFound, InvalidState)
    })
      .annotate(OpenApi.Summary, "Remove a person from a unit's crew")
      .annotate(
        OpenApi.Description,
        "Ends the crew membership (`leftAt` set; it stays in the history). When the last crew leaves, the unit is first cleared from its " +
          "incident (`UNIT_CLEARED`), then goes `OFF_DUTY`. A membership already ended is `INVALID_STATE`. Records `CREW_LEFT`."
      )
      .pipe(manage)
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "CAD units")
  .annotate(OpenApi.Description, "Units, their crews and their statuses.")
{}
