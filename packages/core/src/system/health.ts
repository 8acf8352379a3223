import { Context, type Effect } from "effect"

/** Answers whether the database can serve queries right now (for `GET /health`). */
export class DatabaseHealth extends Context.Tag("@bluelight/core/DatabaseHealth")<
  DatabaseHealth,
  { readonly check: Effect.Effect<boolean> }
>() {}

/** The state of the shared counters (Redis): `off` when none is configured and they live in memory. */
export type SharedStoreState = "up" | "down" | "off"

/** Answers whether the shared counters can be reached right now (for `GET /health`). */
export class SharedStoreHealth extends Context.Tag("@bluelight/core/SharedStoreHealth")<
  SharedStoreHealth,
  { readonly check: Effect.Effect<SharedStoreState> }
>() {}
