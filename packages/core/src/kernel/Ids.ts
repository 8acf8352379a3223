import { Context, type Effect } from "effect"

/** Generates the ids of new records: UUIDv7 strings, which sort by creation time. */
export class Ids extends Context.Tag("@bluelight/core/Ids")<
  Ids,
  {
    readonly next: Effect.Effect<string>
  }
>() {}
