import { SqlClient, SqlSchema } from "effect/sql"
import { CallId } from "@bluelight/core/cad"
import { GameCallLinks } from "@bluelight/core/game"
import { Effect, Layer, Schema } from "effect"

// The client answers columns in camelCase.
const LinkRow = Schema.Struct({ id: CallId, gameCallNumber: Schema.Int })

/**
 * Which CAD call each of the game's emergency calls became: the calls whose
 * `game_call_number` is one of those asked about, in one query. Should two
 * calls carry one number (a call the game numbered again after a restart),
 * the newest answers.
 */
export const PgGameCallLinks = Layer.effect(
  GameCallLinks,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const find = SqlSchema.findAll({
      Request: Schema.Array(Schema.Int),
      Result: LinkRow,
      execute: (numbers) => sql`SELECT id, game_call_number FROM cad_calls WHERE ${sql.in("game_call_number", numbers)} ORDER BY created_at, id`
    })
    return {
      callsFor: Effect.fn("PgGameCallLinks.callsFor")((numbers: ReadonlyArray<number>) =>
        numbers.length === 0
          ? Effect.succeed(new Map<number, CallId>())
          : Effect.map(Effect.orDie(find(numbers)), (rows) => new Map(rows.map((row) => [row.gameCallNumber, row.id])))
      )
    }
  })
)
