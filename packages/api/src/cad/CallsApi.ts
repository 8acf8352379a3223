import { InvalidState, NotFound } from "@bluelight/core/kernel"
import { Effect, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControlMiddleware.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single, List } from "../schema/envelope.js"
import { paging, StrictQuery } from "../schema/query.js"
import { callFields, CallId, CallStatus, CallView, EXAMPLE_ID, IncidentId, Reason } from "./schemas.js"

const CallPath = Schema.Struct({ id: CallId })
const manage = allow({ access: "session-or-credential", permissions: ["cad.view", "cad.calls.manage"] })

export class CallsApi extends HttpApiGroup.make("cadCalls")
  .add(
    HttpApiEndpoint.get("listCalls", "/cad/calls", {
      query: StrictQuery({ ...paging, status: CallStatus.pipe(Schema.withDecodingDefaultTypeKey(Effect.succeed("WAITING" as const))) }),
      success: List(CallView)
    })
      .annotate(OpenApi.Summary, "List calls")
      .annotate(OpenApi.Description, "Waiting calls (the default), oldest first; `status=ATTACHED` or `CLOSED`: those, newest first.")
      .pipe(allow({ access: "session-or-credential", permissions: ["cad.view"] }))
  )
  .add(
    HttpApiEndpoint.post("receiveCall", "/cad/calls", {
      payload: Body(callFields, {
        name: "CallInput",
        example: { callerName: "Jo Bloggs", callerNumber: "07700 900123", location: "Legion Square", description: "Two people fighting" }
      }),
      success: Single(CallView).pipe(HttpApiSchema.status(201))
    })
      .annotate(OpenApi.Summary, "Receive a call")
      .annotate(
        OpenApi.Description,
        "An incoming call, `WAITING` for Control: entered by a dispatcher, or relayed by a bot from an in-game emergency call. " +
          "`callerNumber` is optional. Records `CALL_RECEIVED`."
      )
      .pipe(manage)
  )
  .add(
    HttpApiEndpoint.post("attachCall", "/cad/calls/:id/attach", {
      params: CallPath,
      payload: Body({ incidentId: IncidentId }, { name: "CallAttach", example: { incidentId: IncidentId.make(EXAMPLE_ID) } }),
      success: Single(CallView),
      error: failsWith(NotFound, InvalidState)
    })
      .annotate(OpenApi.Summary, "Attach a call to an incident")
      .annotate(
        OpenApi.Description,
        "A waiting call joins an open incident and is `ATTACHED`. A call not waiting, or a closed incident, is `INVALID_STATE`. Records `CALL_ATTACHED`."
      )
      .pipe(manage)
  )
  .add(
    HttpApiEndpoint.post("closeCall", "/cad/calls/:id/close", {
      params: CallPath,
      payload: Body({ reason: Reason }, { name: "CallClose", example: { reason: "Duplicate of an attached call" } }),
      success: Single(CallView),
      error: failsWith(NotFound, InvalidState)
    })
      .annotate(OpenApi.Summary, "Close a call")
      .annotate(
        OpenApi.Description,
        "Closes a waiting or attached call with a `reason` (3 to 500 characters); a closed call is `INVALID_STATE`. Records `CALL_CLOSED`."
      )
      .pipe(manage)
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "CAD calls")
  .annotate(OpenApi.Description, "Incoming calls: the waiting list, attaching to incidents, closing.")
{}
