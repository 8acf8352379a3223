/**
 * An internal tool in TypeScript on `@bluelight/adapters-pg`, type-checked (never run) against the installed tarballs
 * by `scripts/packages/packCheck.mjs` with Node's types (`tsconfig.node.json`): the Postgres layer runs on Node, so its
 * declarations name Node's (the driver's sockets), where `types.ts` holds the other three to none, as a browser would.
 */
import { type DatabaseSchemaMismatch, layerBluelightPostgres } from "@bluelight/adapters-pg"
import { type Call, closeCall } from "@bluelight/core/cad"
import { admitted, authenticateCredential } from "@bluelight/core/identity"
import { Effect } from "effect"

/** The contract's rule for closing a call (`POST /cad/calls/{id}/close`): the keys `closeCall` requires. */
const CLOSE_CALL = { access: "session-or-credential", permissions: ["cad.view", "cad.calls.manage"] } as const

/**
 * A call closed on the server's database as the tool's credential, once admitted under the operation's rule as the
 * server admits it: the rule takes away the proofs the use case requires, the layer every port, so no requirement is
 * left, and the layer's own failures (the schema, the connection) are typed.
 */
export const closeOnTheDatabase = (url: string, token: string, id: Call["id"]): Effect.Effect<Call, unknown> =>
  authenticateCredential(token).pipe(
    Effect.flatMap((tool) => closeCall(tool, id, "Closed by the night-shift tool").pipe(admitted(CLOSE_CALL, tool))),
    Effect.provide(layerBluelightPostgres({ url }))
  )

/** What the layer says when it refuses the database's schema, as a tool reads it. */
export const schemaRefusal = (error: DatabaseSchemaMismatch): ReadonlyArray<string> => [...error.missing, ...error.unknown]
