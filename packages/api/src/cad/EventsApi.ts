import { CAD_STREAMS_PER_CALLER, CadEventView, IncidentId, UnitId } from "@bluelight/core/cad"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { RateLimited } from "../auth/errors.js"
import { page } from "../endpointParts.js"
import { failsWith } from "../errors/declared.js"
import { StreamSample } from "../openapi/tryIt.js"
import { StrictQuery } from "../schema/query.js"
import { Seq } from "./schemas.js"

/** Who may read the CAD history, by page or live: one rule, also checked again while a stream is open. */
export const CAD_HISTORY_RULE = { access: "session-or-credential", permissions: ["cad.view"] } as const

const history = operation(CAD_HISTORY_RULE)
const filters = { incidentId: Schema.optional(IncidentId), unitId: Schema.optional(UnitId) }

/** What the stream sends, as the reference shows it: the opening comment, then one message per entry. */
export const CAD_STREAM_EXAMPLE = ": connected\n\n" +
  "id: 2\n" +
  "data: {\"id\":\"01a2180a-841e-7094-980f-b6171af11ae4\",\"seq\":2,\"type\":\"INCIDENT_CREATED\",\"at\":\"2026-11-26T13:27:52.094Z\"," +
  "\"actor\":{\"id\":\"01a2180a-5361-721b-896c-d2a31177fa24\",\"displayName\":\"Dana Dispatcher\"},\"incidentId\":\"01a2180a-840e-7981-845d-379675bcb7ea\"," +
  "\"unitId\":null,\"callId\":null,\"data\":{\"type\":\"Road traffic collision\",\"number\":1,\"location\":\"A1 junction 4\"," +
  "\"priority\":\"IMMEDIATE\",\"description\":\"Two vehicles, one injured\",\"controlNotes\":\"\"}}\n\n" +
  ": heartbeat\n\n"

/**
 * One message of the stream: `id` is the entry's `seq` (what `Last-Event-ID`
 * names on a reconnect), `data` the entry as JSON, as `GET /cad/events` shows
 * it. Comments (the opening one, the heartbeats) carry no entry: a reader
 * skips them.
 */
export const CadEventMessage = Schema.Struct({
  id: Schema.optionalKey(Schema.String),
  event: Schema.optionalKey(Schema.String),
  // The entry as the same node the answers' `CadEvent` component is made from, so that the description names
  // that one component rather than a numbered copy. Effect's `internal/schema/toRepresentation.ts` keys a
  // component by its node (`getCandidate`): the answers are described from `toCodecJson`'s node (`OpenApi.ts`,
  // `toEncodingAST`), and `fromJsonString`'s content from the encoded node without its encoding, a copy
  // (`SchemaAST.getContextOwner`). Behind `suspend` (a node without an identifier, written in place) the
  // content is `toCodecJson`'s node itself. Decoded and encoded as before: the entry's JSON form is its encoding.
  data: Schema.fromJsonString(Schema.suspend(() => Schema.toCodecJson(CadEventView)))
}).annotate({
  identifier: "CadEventMessage",
  description: "Server-Sent Events: each entry as `id: <seq>` and `data: <the entry as GET /api/cad/events shows it>`; comments as heartbeats"
})

/** The stream's answer: the entries, typed, as Server-Sent Events. */
export const CadEventStream = HttpApiSchema.StreamSse({ contentType: "text/event-stream", events: CadEventMessage })

export class EventsApi extends HttpApiGroup.make("cadEvents")
  .add(
    HttpApiEndpoint.get("listCadEvents", "/cad/events", page({ ...filters, after: Schema.optional(Seq("after")) }, CadEventView)).pipe(
      history(
        "Read the CAD history",
        "The append-only CAD history, oldest first: `{id, seq, type, at, actor, incidentId, unitId, callId, data}`, `actor` being a person " +
          "`{id, displayName}` or a credential `{serviceId}`. Poll with `after=<seq>` (the last `seq` seen): entries commit in `seq` order, " +
          "so none is skipped. `incidentId` and `unitId` keep the entries about that incident or unit."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("streamCadEvents", "/cad/events/stream", {
      query: StrictQuery({ ...filters, after: Schema.optional(Seq("after")) }),
      headers: Schema.Struct({ "last-event-id": Schema.optional(Seq("Last-Event-ID")) }),
      success: CadEventStream,
      // Besides the caller's request budget: the cap on the streams one caller holds open.
      error: failsWith(RateLimited)
    })
      .annotate(StreamSample, CAD_STREAM_EXAMPLE)
      .pipe(
        history(
          "Follow the CAD history live",
          "The CAD history as Server-Sent Events, each entry as it is committed on any instance, in `seq` order. Without a cursor the " +
            "stream starts with what is committed from now on; `after=<seq>` or the `Last-Event-ID` header (which an EventSource sends " +
            "when it reconnects, and which wins) first replays what came after that entry. `incidentId` and `unitId` filter as on " +
            "`GET /api/cad/events`. A comment line is sent at once and as a heartbeat every 15 seconds. Access is checked again while the stream " +
            "is open: it ends once the session is revoked or expires, the account is no longer active, the credential is revoked, or " +
            "`cad.view` is no longer held, within a second, and nothing committed after that reaches it. A caller may hold " +
            `${CAD_STREAMS_PER_CALLER} streams open at once, counted across instances (a person's sessions together); one more is ` +
            "`429 RATE_LIMITED` until one of them ends.\n\n" +
            "**Trying it.** The stream never ends by itself, so Test Request here shows nothing useful; the answer's sample shows what " +
            "arrives. Follow it from a terminal, signed in as the README shows (`-N` prints each message as it comes):\n\n" +
            "```sh\ncurl -N -b jar \"$APP_URL/api/cad/events/stream?after=0\"\n```\n\n" +
            "or from a page of this origin: `new EventSource(\"/api/cad/events/stream\").onmessage = (m) => console.log(JSON.parse(m.data))` " +
            "(the browser sends the cookie, and resumes with `Last-Event-ID` after a drop)."
        )
      )
  )
  .annotate(OpenApi.Title, "CAD history")
  .annotate(OpenApi.Description, "The permanent CAD history, by page or live.")
{}
