import {
  AssignedUnitView,
  CadConflict,
  Incident,
  IncidentDetail,
  IncidentFields,
  IncidentId,
  IncidentStatus,
  RecordVersion,
  UnitId,
  UnitView
} from "@bluelight/core/cad"
import { InvalidState, NoChange, NotFound } from "@bluelight/core/kernel"
import { Effect, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { change, one, page } from "../endpointParts.js"
import { Body } from "../schema/body.js"
import { Single } from "../schema/envelope.js"
import { EXAMPLE_ID } from "./schemas.js"

const dispatch = operation({ access: "session-or-credential", permissions: ["cad.view", "cad.dispatch"] })
const manage = operation({ access: "session-or-credential", permissions: ["cad.view", "cad.incidents.manage"] })
const view = operation({ access: "session-or-credential", permissions: ["cad.view"] })

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
    HttpApiEndpoint.get(
      "listIncidents",
      "/cad/incidents",
      page({ status: IncidentStatus.pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed("OPEN" as const))) }, Incident)
    ).pipe(
      view(
        "List incidents",
        "Open incidents (the default) by priority (IMMEDIATE, PRIORITY, SCHEDULED, RESOLUTION), then by number; `status=CLOSED`: closed ones, newest closed first."
      )
    )
  )
  .add(
    HttpApiEndpoint.post("createIncident", "/cad/incidents", {
      payload: Body({
        ...IncidentFields.fields,
        description: IncidentFields.fields.description.pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed(""))),
        controlNotes: IncidentFields.fields.controlNotes.pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed("")))
      }, { name: "IncidentInput", example: EXAMPLE_FIELDS }),
      success: Single(Incident).pipe(HttpApiSchema.status(201))
    }).pipe(
      operation({ access: "session-or-credential", permissions: ["cad.view", "cad.incidents.create"] })(
        "Create an incident",
        "Opens an incident; its `number` comes from a sequence and its `version` starts at 1. Records `INCIDENT_CREATED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getIncident", "/cad/incidents/:id", one(IncidentPath, IncidentDetail)).pipe(
      view(
        "Get an incident",
        "One incident with the units attending it (with their crews) and the calls attached to it."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "updateIncident",
      "/cad/incidents/:id/update",
      change(
        IncidentPath,
        Body({ ...IncidentFields.fields, version: RecordVersion }, { name: "IncidentUpdate", example: { ...EXAMPLE_FIELDS, version: 1 } }),
        Incident,
        NotFound,
        CadConflict,
        InvalidState,
        NoChange
      )
    ).pipe(
      manage(
        "Edit an incident",
        "Replaces every field of an open incident, with the `version` read (a stale one is `CAD_CONFLICT` and writes nothing). " +
          "A closed incident cannot be edited (`INVALID_STATE`); the same fields again are `NO_CHANGE`. Records `INCIDENT_UPDATED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "closeIncident",
      "/cad/incidents/:id/close",
      change(IncidentPath, Body({ version: RecordVersion }, { name: "IncidentClose", example: { version: 1 } }), Incident, NotFound, CadConflict, InvalidState)
    ).pipe(
      manage(
        "Close an incident",
        "Closes an open incident with its current `version` (`CAD_CONFLICT` otherwise). Every unit attending it is cleared first " +
          "(`UNIT_CLEARED`, back to `AVAILABLE`); then `INCIDENT_CLOSED`. Closing twice is `INVALID_STATE`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "assignUnit",
      "/cad/incidents/:id/assign",
      change(
        IncidentPath,
        Body({ unitId: UnitId, version: RecordVersion }, { name: "AssignInput", example: { unitId: UnitId.make(EXAMPLE_ID), version: 1 } }),
        AssignedUnitView,
        NotFound,
        CadConflict,
        InvalidState
      )
    ).pipe(
      dispatch(
        "Assign a unit to an incident",
        "Sends a unit to an open incident. `version` is the unit's current version (a stale one is `CAD_CONFLICT` and writes nothing). " +
          "The unit must be `AVAILABLE`: crewed and not attending an incident (`INVALID_STATE` otherwise, as for a closed incident). " +
          "It becomes `ASSIGNED`. Several units may attend one incident; a unit attends one. Records `UNIT_ASSIGNED`. " +
          "Answers the unit with its crew and the incident."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "clearUnit",
      "/cad/incidents/:id/clear",
      change(
        IncidentPath,
        Body({ unitId: UnitId, version: RecordVersion }, { name: "ClearInput", example: { unitId: UnitId.make(EXAMPLE_ID), version: 2 } }),
        UnitView,
        NotFound,
        CadConflict,
        InvalidState
      )
    ).pipe(
      dispatch(
        "Clear a unit from an incident",
        "The unit leaves the incident it attends and is `AVAILABLE` again; `version` is the unit's current version (`CAD_CONFLICT` otherwise). " +
          "A unit not attending this incident is `INVALID_STATE`. Records `UNIT_CLEARED`."
      )
    )
  )
  .annotate(OpenApi.Title, "CAD incidents")
  .annotate(OpenApi.Description, "Control's incidents, graded by priority, and the units sent to them.")
{}
