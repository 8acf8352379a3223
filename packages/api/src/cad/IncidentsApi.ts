import { CadConflict } from "@bluelight/core/cad"
import { InvalidState, NoChange, NotFound } from "@bluelight/core/kernel"
import { Effect, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControlMiddleware.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single, List } from "../schema/envelope.js"
import { paging, StrictQuery } from "../schema/query.js"
import { AssignedUnitView, EXAMPLE_ID, IncidentDetail, IncidentId, incidentFields, IncidentStatus, IncidentView, UnitId, UnitView, Version } from "./schemas.js"

const IncidentPath = Schema.Struct({ id: IncidentId })
const EXAMPLE_FIELDS = {
  type: "Road traffic collision",
  priority: "IMMEDIATE",
  location: "A1 junction 4",
  description: "Two vehicles, one injured",
  controlNotes: ""
} as const

export class IncidentsApi extends HttpApiGroup.make("cadIncidents")
  .add(
    HttpApiEndpoint.get("listIncidents", "/cad/incidents", {
      query: StrictQuery({ ...paging, status: IncidentStatus.pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed("OPEN" as const))) }),
      success: List(IncidentView)
    })
      .annotate(OpenApi.Summary, "List incidents")
      .annotate(
        OpenApi.Description,
        "Open incidents (the default) by priority (IMMEDIATE, PRIORITY, SCHEDULED, RESOLUTION), then by number; `status=CLOSED`: closed ones, newest closed first."
      )
      .pipe(allow({ access: "session-or-credential", permissions: ["cad.view"] }))
  )
  .add(
    HttpApiEndpoint.post("createIncident", "/cad/incidents", {
      payload: Body({
        ...incidentFields,
        description: incidentFields.description.pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(""))),
        controlNotes: incidentFields.controlNotes.pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed("")))
      }, { name: "IncidentInput", example: EXAMPLE_FIELDS }),
      success: Single(IncidentView).pipe(HttpApiSchema.status(201))
    })
      .annotate(OpenApi.Summary, "Create an incident")
      .annotate(OpenApi.Description, "Opens an incident; its `number` comes from a sequence and its `version` starts at 1. Records `INCIDENT_CREATED`.")
      .pipe(allow({ access: "session-or-credential", permissions: ["cad.view", "cad.incidents.create"] }))
  )
  .add(
    HttpApiEndpoint.get("getIncident", "/cad/incidents/:id", {
      params: IncidentPath,
      success: Single(IncidentDetail),
      error: failsWith(NotFound)
    })
      .annotate(OpenApi.Summary, "Get an incident")
      .annotate(OpenApi.Description, "One incident with the units attending it (with their crews) and the calls attached to it.")
      .pipe(allow({ access: "session-or-credential", permissions: ["cad.view"] }))
  )
  .add(
    HttpApiEndpoint.post("updateIncident", "/cad/incidents/:id/update", {
      params: IncidentPath,
      payload: Body({ ...incidentFields, version: Version }, { name: "IncidentUpdate", example: { ...EXAMPLE_FIELDS, version: 1 } }),
      success: Single(IncidentView),
      error: failsWith(NotFound, CadConflict, InvalidState, NoChange)
    })
      .annotate(OpenApi.Summary, "Edit an incident")
      .annotate(
        OpenApi.Description,
        "Replaces every field of an open incident, with the `version` read (a stale one is `CAD_CONFLICT` and writes nothing). " +
          "A closed incident cannot be edited (`INVALID_STATE`); the same fields again are `NO_CHANGE`. Records `INCIDENT_UPDATED`."
      )
      .pipe(allow({ access: "session-or-credential", permissions: ["cad.view", "cad.incidents.manage"] }))
  )
  .add(
    HttpApiEndpoint.post("closeIncident", "/cad/incidents/:id/close", {
      params: IncidentPath,
      payload: Body({ version: Version }, { name: "IncidentClose", example: { version: 1 } }),
      success: Single(IncidentView),
      error: failsWith(NotFound, CadConflict, InvalidState)
    })
      .annotate(OpenApi.Summary, "Close an incident")
      .annotate(
        OpenApi.Description,
        "Closes an open incident with its current `version` (`CAD_CONFLICT` otherwise). Every unit attending it is cleared first " +
          "(`UNIT_CLEARED`, back to `AVAILABLE`); then `INCIDENT_CLOSED`. Closing twice is `INVALID_STATE`."
      )
      .pipe(allow({ access: "session-or-credential", permissions: ["cad.view", "cad.incidents.manage"] }))
  )
  .add(
    HttpApiEndpoint.post("assignUnit", "/cad/incidents/:id/assign", {
      params: IncidentPath,
      payload: Body({ unitId: UnitId, version: Version }, { name: "AssignInput", example: { unitId: UnitId.make(EXAMPLE_ID), version: 1 } }),
      success: Single(AssignedUnitView),
      error: failsWith(NotFound, CadConflict, InvalidState)
    })
      .annotate(OpenApi.Summary, "Assign a unit to an incident")
      .annotate(
        OpenApi.Description,
        "Sends a unit to an open incident. `version` is the unit's current version (a stale one is `CAD_CONFLICT` and writes nothing). " +
          "The unit must be `AVAILABLE`: crewed and not attending an incident (`INVALID_STATE` otherwise, as for a closed incident). " +
          "It becomes `ASSIGNED`. Several units may attend one incident; a unit attends one. Records `UNIT_ASSIGNED`. " +
          "Answers the unit with its crew and the incident."
      )
      .pipe(allow({ access: "session-or-credential", permissions: ["cad.view", "cad.dispatch"] }))
  )
  .add(
    HttpApiEndpoint.post("clearUnit", "/cad/incidents/:id/clear", {
      params: IncidentPath,
      payload: Body({ unitId: UnitId, version: Version }, { name: "ClearInput", example: { unitId: UnitId.make(EXAMPLE_ID), version: 2 } }),
      success: Single(UnitView),
      error: failsWith(NotFound, CadConflict, InvalidState)
    })
      .annotate(OpenApi.Summary, "Clear a unit from an incident")
      .annotate(
        OpenApi.Description,
        "The unit leaves the incident it attends and is `AVAILABLE` again; `version` is the unit's current version (`CAD_CONFLICT` otherwise). " +
          "A unit not attending this incident is `INVALID_STATE`. Records `UNIT_CLEARED`."
      )
      .pipe(allow({ access: "session-or-credential", permissions: ["cad.view", "cad.dispatch"] }))
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "CAD incidents")
  .annotate(OpenApi.Description, "Control's incidents, graded by priority, and the units sent to them.")
{}
