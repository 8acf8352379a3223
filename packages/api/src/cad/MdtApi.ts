import { AlreadyCrewed, CadConflict, CREW_HAND_ACCESS, CrewIdentifier, MdtUnitStatus, MdtView, RecordVersion, UnitId } from "@bluelight/core/cad"
import { StaffInactive, StaffRequired } from "@bluelight/core/identity"
import { InvalidState, NoChange, NotFound } from "@bluelight/core/kernel"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single } from "../schema/envelope.js"
import { NoQuery } from "../schema/query.js"
import { EXAMPLE_ID } from "./schemas.js"

const self = operation(CREW_HAND_ACCESS)

export class MdtApi extends HttpApiGroup.make("mdt")
  .add(
    HttpApiEndpoint.get("myMdt", "/mdt/me", {
      query: NoQuery,
      success: Single(MdtView),
      error: failsWith(StaffRequired)
    }).pipe(
      self(
        "My crew, unit and incident",
        "My current crew membership, its unit (with crew and `version`) and the incident it attends; each null when none. Active staff only (`STAFF_REQUIRED`)."
      )
    )
  )
  .add(
    HttpApiEndpoint.post("bookOn", "/mdt/book-on", {
      payload: Body({ unitId: UnitId, identifier: CrewIdentifier }, { name: "BookOnInput", example: { unitId: UnitId.make(EXAMPLE_ID), identifier: "4521" } }),
      success: Single(MdtView),
      error: failsWith(StaffRequired, NotFound, AlreadyCrewed, StaffInactive)
    }).pipe(
      self(
        "Book on to a unit",
        "I join the unit's crew with my `identifier`. Active staff only (`STAFF_REQUIRED`); one unit at a time (`ALREADY_CREWED`). " +
          "An `OFF_DUTY` unit becomes `AVAILABLE`. Records `CREW_JOINED`. There is no self-assignment: only Control assigns units to incidents."
      )
    )
  )
  .add(
    HttpApiEndpoint.post("bookOff", "/mdt/book-off", {
      success: Single(MdtView),
      error: failsWith(StaffRequired, InvalidState, NotFound)
    }).pipe(
      self(
        "Book off my unit",
        "I leave my unit's crew (`INVALID_STATE` when I crew none). The last to leave takes the unit off its incident (`UNIT_CLEARED`) and `OFF_DUTY`. Records `CREW_LEFT`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post("setMyUnitStatus", "/mdt/status", {
      payload: Body({ status: MdtUnitStatus, version: RecordVersion }, { name: "MdtStatusInput", example: { status: "EN_ROUTE", version: 3 } }),
      success: Single(MdtView),
      error: failsWith(StaffRequired, CadConflict, InvalidState, NoChange, NotFound)
    }).pipe(
      self(
        "Change my unit's status",
        "Moves my unit's status with its current `version` (`CAD_CONFLICT` otherwise), by the same moves as Control's, never to `ASSIGNED` " +
          "or `OFF_DUTY` (`INVALID_INPUT`). `INVALID_STATE` when I crew no unit or the move is not allowed. Records `UNIT_STATUS_CHANGED`."
      )
    )
  )
  .annotate(OpenApi.Title, "MDT")
  .annotate(OpenApi.Description, "Self-service for the people crewing a unit: booking on and off, and the unit's status.")
{}
