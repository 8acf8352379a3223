import { Context } from "effect"
import { isObject, type JsonObject, operationsOf } from "./json.js"

/**
 * What an event stream's reference shows as its answer's sample: the bytes
 * as they arrive (`: connected`, then messages). Declared on the endpoint
 * that streams, and written by `withStreamExamples`.
 */
export class StreamSample extends Context.Service<StreamSample, string>()("@bluelight/api/openapi/StreamSample") {}

/** The media type of a Server-Sent Events stream. */
const EVENT_STREAM = "text/event-stream"

/**
 * The answer of a Server-Sent Events stream (the CAD history's) as a reader
 * and the reference need it: the body is text, its schema says so and names
 * the schema of one message as its `contentSchema` (what the contract's
 * `StreamSse` declares and a client decodes each message with), and the
 * operation's `StreamSample`, keyed by operation (`get /api/cad/events/stream`),
 * is the schema's `examples` (which the reference shows as the answer's
 * sample) and the media type's `example`, so that the sample conforms to the
 * schema. Effect's own `x-effect-stream` extension is dropped: it describes
 * a failure event this server never sends (a refused stream is an error
 * answer before it opens).
 *
 * What the generator cannot write from the declaration: for a `StreamSse`
 * answer it writes the media type as the message's schema and
 * `x-effect-stream`, and nothing else (`effect/src/http-api/OpenApi.ts`,
 * `makeStreamMediaType`); the message's schema is what the server encodes
 * each message with, so it cannot be declared as the text instead.
 */
export const withStreamExamples = (samples: ReadonlyMap<string, string>) => (spec: JsonObject): JsonObject => {
  for (const { key, operation } of operationsOf(spec)) {
    const responses = operation["responses"]
    if (!isObject(responses)) continue
    for (const response of Object.values(responses)) {
      if (!isObject(response) || !isObject(response["content"])) continue
      const media = response["content"][EVENT_STREAM]
      if (!isObject(media) || !isObject(media["x-effect-stream"]) || media["x-effect-stream"]["encoding"] !== "sse") continue
      delete media["x-effect-stream"]
      const sample = samples.get(key)
      media["schema"] = {
        type: "string",
        description: "Server-Sent Events: comments (`: connected`, `: heartbeat`) and messages, each as `contentSchema` describes it",
        contentMediaType: EVENT_STREAM,
        contentSchema: media["schema"],
        // The reference shows a schema's own examples as the answer's sample (not the media type's).
        ...(sample === undefined ? {} : { examples: [sample] })
      }
      if (sample !== undefined) media["example"] = sample
    }
  }
  return spec
}
