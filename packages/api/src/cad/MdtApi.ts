import { AlreadyCrewed, CadConflict } from "@bluelight/core/cad"
import { StaffInactive, StaffRequired } from "@bluelight/core/identity"
import { InvalidState, NoChange, NotFound } from "@bluelight/core/kernel"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControlMiddleware.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single } from "../schema/envelope.js"
import { NoQuery } from "../schema/query.js"
import { EXAMPLE_ID, Identifier, MdtUnitStatus, MdtView, UnitId, Version } from "./schemas.js"

const self = allow({ access: "session", permissions: ["cad.unit.self"] })

export class MdtApi extends HttpApiGroup.make("mdt")
  .add(
    HttpApiEndpoint.get("myMdt", "/mdt/me", {
      query: NoQuery,
      success: Single(MdtView),
      error: failsWith(StaffRequired)
    })
      .annotate(OpenApi.Summary, "My crew, unit and incident")
      .annotate(
        OpenApi.Description,
        "My current crew membership, its unit (with crew and `version`) and the incident it attends; each null when none. Active staff only (`STAFF_REQUIRED`)."
      )
      .pipe(self)
  )
  .add(
    HttpApiEndpoint.post("bookOn", "/mdt/book-on", {
      payload: Body({ unitId: UnitId, identifier: Identifier }, { name: "BookOnInput", example: { unitId: UnitId.make(EXAMPLE_ID), identifier: "4521" } }),
      success: Single(MdtView),
      error: failsWith(StaffRequired, NotFound, AlreadyCrewed, StaffInactive)
    })
      .annotate(OpenApi.Summary, "Book on to a unit")
      .annotate(
        OpenApi.Description,
        "I join the unit's crew with my `identifier`. Active staff only (`STAFF_REQUIRED`); one unit at a time (`ALREADY_CREWED`). " +
          "An `OFF_DUTY` unit becomes `AVAILABLE`. Records `CREW_JOINED`. There is no self-assignment: only Control assigns units to incidents."
      )
      .pipe(self)
  )
  .add(
    HttpApiEndpoint.post("bookOff", "/mdt/book-off", {
      success: Single(MdtView),
      error: failsWith(StaffRequired, InvalidState, NotFound)
    })
      .annotate(OpenApi.Summary, "Book off my unit")
      .annotate(
        OpenApi.Description,
        "I leave my unit's crew (`INVALID_STATE` when I crew none). The last to leave takes the unit off its incident (`UNIT_CLEARED`) and `OFF_DUTY`. Records `CREW_LEFT`."
      )
      .pipe(self)
  )
  .add(
    HttpApiEndpoint.post("setMyUnitStatus", "/mdt/status", {
      payload: Body({ status: MdtUnitStatus, version: Version }, { name: "MdtStatusInput", example: { status: "EN_ROUTE", version: 3 } }),
      success: Single(MdtView),
      error: failsWith(StaffRequired, CadConflict, InvalidState, NoChange, NotFound)
    })
      .annotate(OpenApi.Summary, "Change my unit's status")
      .annotate(
        OpenApi.Description,
        "Moves my unit's status with its current `version` (`CAD_CONFLICT` otherwise), by the same moves as Control's, never to `ASSIGNED` " +
          "or `OFF_DUTY` (`INVALID_INPUT`). `INVALID_STATE` when I crew no unit or the move is not allowed. Records `UNIT_STATUS_CHANGED`."
      )
      .pipe(self)
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "MDT")
  .annotate(OpenApi.Description, "Self-service for the people crewing a unit: booking on and off, and the unit's status.")
{}
