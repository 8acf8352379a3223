import { SqlClient, SqlSchema } from "@effect/sql"
import { SessionId, type SignInState, SignInStates } from "@bluelight/core/identity"
import { DateTime, Effect, Layer, Option, Schema } from "effect"

const SignInStateRow = Schema.Struct({
  stateHash: Schema.String,
  purpose: Schema.Literal("idp", "platform"),
  codeVerifier: Schema.NullOr(Schema.String),
  sessionId: Schema.NullOr(SessionId),
  createdAt: Schema.DateFromSelf,
  expiresAt: Schema.DateFromSelf
})
type SignInStateRow = typeof SignInStateRow.Type

const toSignInState = (row: SignInStateRow): SignInState => ({
  stateHash: row.stateHash,
  purpose: row.purpose,
  codeVerifier: row.codeVerifier,
  sessionId: row.sessionId,
  createdAt: DateTime.unsafeFromDate(row.createdAt),
  expiresAt: DateTime.unsafeFromDate(row.expiresAt)
})

const toRow = (state: SignInState): SignInStateRow => ({
  stateHash: state.stateHash,
  purpose: state.purpose,
  codeVerifier: state.codeVerifier,
  sessionId: state.sessionId,
  createdAt: DateTime.toDateUtc(state.createdAt),
  expiresAt: DateTime.toDateUtc(state.expiresAt)
})

export const PgSignInStates = Layer.effect(
  SignInStates,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    // One statement removes and answers the row: of two racing requests, only one gets it.
    const consume = SqlSchema.findOne({
      Request: Schema.String,
      Result: SignInStateRow,
      execute: (stateHash) =>
        sql`
          DELETE FROM sign_in_states WHERE state_hash = ${stateHash}
          RETURNING state_hash, purpose, code_verifier, session_id, created_at, expires_at`
    })
    return {
      insert: Effect.fn("PgSignInStates.insert")((state: SignInState) =>
        sql`INSERT INTO sign_in_states ${sql.insert(toRow(state))}`.pipe(Effect.asVoid, Effect.orDie)),
      consume: Effect.fn("PgSignInStates.consume")((stateHash: string) =>
        consume(stateHash).pipe(Effect.map(Option.map(toSignInState)), Effect.orDie)),
      purgeExpired: Effect.fn("PgSignInStates.purgeExpired")((now: DateTime.Utc) =>
        sql`DELETE FROM sign_in_states WHERE expires_at <= ${DateTime.toDateUtc(now)}`.pipe(Effect.asVoid, Effect.orDie))
    }
  })
)
