import { Context, type Effect } from "effect"

/** Answers whether the database can serve queries right now (for `GET /health`). */
export class DatabaseHealth extends Context.Tag("@bluelight/core/DatabaseHealth")<
  DatabaseHealth,
  { readonly check: Effect.Effect<boolean> }
>() {}
