import { Context, type Effect } from "effect"

/** Answers whether the database can serve queries right now (for `GET /health`). */
export class DatabaseHealth extends Context.Service<DatabaseHealth, {
  readonly check: Effect.Effect<boolean>
}>()("@bluelight/core/system/DatabaseHealth") {}

/** The state of the shared counters (Redis): `off` when none is configured and they live in memory. */
export type SharedStoreState = "up" | "down" | "off"

/** Answers whether the shared counters can be reached right now (for `GET /health`). */
export class SharedStoreHealth extends Context.Service<SharedStoreHealth, {
  readonly check: Effect.Effect<SharedStoreState>
}>()("@bluelight/core/system/SharedStoreHealth") {}
