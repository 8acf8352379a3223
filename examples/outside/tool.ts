/**
 * An internal tool in TypeScript on `@bluelight/adapters-pg`, type-checked (never run) against the installed tarballs
 * by `scripts/packages/packCheck.mjs` with Node's types (`tsconfig.node.json`): the Postgres layer runs on Node, so its
 * declarations name Node's (the driver's sockets), where `types.ts` holds the other three to none, as a browser would.
 */
import { type DatabaseSchemaMismatch, layerBluelightPostgres } from "@bluelight/adapters-pg"
import { BluelightApi, checkEndpointAccess } from "@bluelight/api"
import { type Call, closeCall } from "@bluelight/core/cad"
import { authenticateCredential } from "@bluelight/core/identity"
import { Effect } from "effect"

/**
 * A call closed on the server's database as the tool's credential, after the server's access check: the layer leaves
 * no requirement, and its own failures (the schema, the connection) are typed.
 */
export const closeOnTheDatabase = (url: string, token: string, id: Call["id"]): Effect.Effect<Call, unknown> =>
  authenticateCredential(token).pipe(
    Effect.tap((tool) => checkEndpointAccess(BluelightApi.groups.cadCalls.endpoints.closeCall, tool)),
    Effect.flatMap((tool) => closeCall(tool, id, "Closed by the night-shift tool")),
    Effect.provide(layerBluelightPostgres({ url }))
  )

/** What the layer says when it refuses the database's schema, as a tool reads it. */
export const schemaRefusal = (error: DatabaseSchemaMismatch): ReadonlyArray<string> => [...error.missing, ...error.unknown]
