import { Call, CallCloseReason, CallId, CallStatus, IncidentId } from "@bluelight/core/cad"
import { InvalidState, NotFound } from "@bluelight/core/kernel"
import { Effect, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { change, page } from "../endpointParts.js"
import { Body } from "../schema/body.js"
import { Single } from "../schema/envelope.js"
import { callFields, EXAMPLE_ID } from "./schemas.js"

const CallPath = Schema.Struct({ id: CallId })
const manage = operation({ access: "session-or-credential", permissions: ["cad.view", "cad.calls.manage"] })

export class CallsApi extends HttpApiGroup.make("cadCalls")
  .add(
    HttpApiEndpoint.get(
      "listCalls",
      "/cad/calls",
      page({ status: CallStatus.pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed("WAITING" as const))) }, Call)
    ).pipe(
      operation({ access: "session-or-credential", permissions: ["cad.view"] })(
        "List calls",
        "Waiting calls (the default), oldest first; `status=ATTACHED` or `CLOSED`: those, newest first."
      )
    )
  )
  .add(
    HttpApiEndpoint.post("receiveCall", "/cad/calls", {
      payload: Body(callFields, {
        name: "CallInput",
        example: { callerName: "Jo Bloggs", callerNumber: "07700 900123", location: "Legion Square", description: "Two people fighting" }
      }),
      success: Single(Call).pipe(HttpApiSchema.status(201))
    }).pipe(manage(
      "Receive a call",
      "An incoming call, `WAITING` for Control: entered by a dispatcher, or relayed by a bot from an in-game emergency call. " +
        "`callerNumber` is optional. Records `CALL_RECEIVED`."
    ))
  )
  .add(
    HttpApiEndpoint.post(
      "attachCall",
      "/cad/calls/:id/attach",
      change(
        CallPath,
        Body({ incidentId: IncidentId }, { name: "CallAttach", example: { incidentId: IncidentId.make(EXAMPLE_ID) } }),
        Call,
        NotFound,
        InvalidState
      )
    ).pipe(
      manage(
        "Attach a call to an incident",
        "A waiting call joins an open incident and is `ATTACHED`. A call not waiting, or a closed incident, is `INVALID_STATE`. Records `CALL_ATTACHED`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "closeCall",
      "/cad/calls/:id/close",
      change(
        CallPath,
        Body({ reason: CallCloseReason }, { name: "CallClose", example: { reason: "Duplicate of an attached call" } }),
        Call,
        NotFound,
        InvalidState
      )
    ).pipe(
      manage(
        "Close a call",
        "Closes a waiting or attached call with a `reason` (3 to 500 characters); a closed call is `INVALID_STATE`. Records `CALL_CLOSED`."
      )
    )
  )
  .annotate(OpenApi.Title, "CAD calls")
  .annotate(OpenApi.Description, "Incoming calls: the waiting list, attaching to incidents, closing.")
{}
