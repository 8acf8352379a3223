import { SqlClient, SqlSchema } from "effect/sql"
import { SignInStates } from "@bluelight/core/identity"
import { DateTime, Effect, Layer, Schema } from "effect"
import { insertRow } from "../kernel/rows.js"
import { SignInStateRow } from "./rows.js"

export const PgSignInStates = Layer.effect(
  SignInStates,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // One statement removes and answers the row: of two racing requests, only one gets it.
    const consume = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: SignInStateRow,
      execute: (stateHash) =>
        sql`
          DELETE FROM sign_in_states WHERE state_hash = ${stateHash}
          RETURNING state_hash, purpose, code_verifier, session_id, created_at, expires_at`
    })
    return {
      insert: Effect.fn("PgSignInStates.insert")(insertRow(sql, SignInStateRow, "sign_in_states")),
      consume: Effect.fn("PgSignInStates.consume")((stateHash: string) => Effect.orDie(consume(stateHash))),
      purgeExpired: Effect.fn("PgSignInStates.purgeExpired")((now: DateTime.Utc) =>
        sql`DELETE FROM sign_in_states WHERE expires_at <= ${DateTime.toDateUtc(now)}`.pipe(Effect.asVoid, Effect.orDie)
      )
    }
  })
)
