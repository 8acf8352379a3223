import { CAD_STREAM_EXAMPLE } from "../cad/EventsApi.js"
import { isObject, type JsonObject, operationsOf } from "./json.js"

/** What each event stream's reference shows as its answer's sample: the bytes as they arrive. */
const STREAM_EXAMPLES: Readonly<Record<string, string>> = { "get /api/cad/events/stream": CAD_STREAM_EXAMPLE }

/** The media type of a Server-Sent Events stream. */
const EVENT_STREAM = "text/event-stream"

/**
 * A response that is not JSON (the CAD history's event stream) shows the
 * stream as it arrives as the media type's `example`, which the reference
 * shows as the answer's sample; JSON answers keep what they have. The body of
 * an event stream is text: its schema says so, and names the schema of one
 * message as its `contentSchema` (what the contract's `StreamSse` declares
 * and a client decodes each message with), so that the sample conforms to
 * the schema. Effect's own `x-effect-stream` extension is dropped: it describes a
 * failure event this server never sends (a refused stream is an error answer
 * before it opens).
 */
export const withStreamExamples = (spec: JsonObject): JsonObject => {
  for (const { key, operation } of operationsOf(spec)) {
    const responses = operation["responses"]
    if (!isObject(responses)) continue
    for (const response of Object.values(responses)) {
      if (!isObject(response) || !isObject(response["content"])) continue
      for (const [type, media] of Object.entries(response["content"])) {
        if (type === "application/json" || !isObject(media)) continue
        delete media["x-effect-stream"]
        const message = media["schema"]
        const example = STREAM_EXAMPLES[key]
        if (type === EVENT_STREAM && isObject(message) && typeof message["$ref"] === "string") {
          media["schema"] = {
            type: "string",
            description: "Server-Sent Events: comments (`: connected`, `: heartbeat`) and messages, each as `contentSchema` describes it",
            contentMediaType: EVENT_STREAM,
            contentSchema: message,
            // The reference shows a schema's own examples as the answer's sample (not the media type's).
            ...(example === undefined ? {} : { examples: [example] })
          }
        }
        if (example !== undefined && !("example" in media)) media["example"] = example
      }
    }
  }
  return spec
}
