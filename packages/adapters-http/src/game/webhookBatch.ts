import { GameEvent, type GameEventBatch } from "@bluelight/core/game"
import { InvalidInput, type Problem, SafeText } from "@bluelight/core/kernel"
import { Result, Schema, SchemaParser } from "effect"
import { parsedJson } from "../requestPath/bodyRules.js"
import { problemsOf } from "../requestPath/decodeDetails.js"

/**
 * The batch around the events, and what every event carries whatever its
 * name (the game's envelope): its name, origin, timestamp and data object.
 * The texts refuse NUL and lone surrogates, as every text the API reads.
 */
const Envelope = Schema.Struct({
  server: SafeText,
  events: Schema.Array(Schema.Struct({
    event: SafeText,
    origin: SafeText,
    timestamp: Schema.Int,
    data: Schema.Record(Schema.String, Schema.Unknown)
  }))
})

/** Each event Bluelight knows, by its name: decoded by its own schema, so that a problem names its fields. */
const KNOWN: ReadonlyMap<string, (typeof GameEvent.members)[number]> = new Map(GameEvent.members.map((member) => [member.fields.event.literal, member]))

const decodeEnvelope = SchemaParser.decodeUnknownResult(Envelope, { errors: "all" })
const decodeKnown = new Map([...KNOWN].map(([name, schema]) => [name, SchemaParser.decodeUnknownResult(schema, { errors: "all" })]))

const utf8 = new TextDecoder("utf-8", { fatal: true })

const invalid = (message: string, details: ReadonlyArray<Problem>) => Result.fail(new InvalidInput({ message, details }))

/**
 * The batch a verified delivery carries, read only once its signature has
 * verified: UTF-8 JSON nested at most 32 levels, `{server, events: [...]}`,
 * each event `{event, origin, timestamp, data}`. Events of a name Bluelight does not know are
 * dropped; a known one must decode whole (`GameEvent`), or the batch is
 * refused (`INVALID_INPUT`, every problem named) and nothing of it handled.
 * Fields the game adds beside the known ones are ignored.
 */
export const readBatch = (body: Uint8Array): Result.Result<GameEventBatch, InvalidInput> => {
  let text: string
  try {
    text = utf8.decode(body)
  } catch {
    return invalid("The delivery is not UTF-8 text", [{ path: [], message: "must be UTF-8 JSON" }])
  }
  const json = parsedJson(text, "The delivery")
  if (Result.isFailure(json)) return Result.fail(json.failure)
  const parsed = json.success
  const envelope = decodeEnvelope(parsed)
  if (Result.isFailure(envelope)) return invalid("The delivery is not a batch of the game's events", problemsOf(envelope.failure))
  // Decoded as an array of objects just above: the raw items, with every field the game sent.
  const items = (parsed as { readonly events: ReadonlyArray<unknown> }).events
  const events: Array<GameEvent> = []
  const problems: Array<Problem> = []
  envelope.success.events.forEach(({ event: name }, index) => {
    const decode = decodeKnown.get(name)
    if (decode === undefined) return
    const event = decode(items[index])
    if (Result.isSuccess(event)) events.push(event.success)
    else problems.push(...problemsOf(event.failure, ["events", String(index)]))
  })
  if (problems.length > 0) return invalid("An event of the delivery does not have the fields its name promises", problems)
  return Result.succeed({ server: envelope.success.server, events })
}
