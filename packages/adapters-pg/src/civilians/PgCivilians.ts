import { SqlClient, SqlSchema } from "effect/sql"
import { type Civilian, type CivilianId, civilianReference, Civilians } from "@bluelight/core/civilians"
import { Effect, Layer, Schema } from "effect"
import { CIVILIAN_COLUMNS, CivilianRow } from "./rows.js"

export const PgCivilians = Layer.effect(
  Civilians,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(CIVILIAN_COLUMNS)
    const findById = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: CivilianRow,
      execute: (id) => sql`SELECT ${columns} FROM civilians WHERE id = ${id} FOR UPDATE`
    })
    const findByReference = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: CivilianRow,
      execute: (reference) => sql`SELECT ${columns} FROM civilians WHERE reference = upper(${reference}) FOR SHARE`
    })
    const insert = SqlSchema.void({ Request: CivilianRow, execute: (row) => sql`INSERT INTO civilians ${sql.insert(row)}` })
    const update = SqlSchema.void({
      Request: CivilianRow,
      execute: (row) => sql`UPDATE civilians SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`
    })
    return {
      nextReference: sql<{ readonly n: string }>`SELECT nextval('civilian_reference_seq')::text AS n`.pipe(
        Effect.map((rows) => civilianReference(Number(rows[0]!.n))),
        Effect.orDie,
        Effect.withSpan("PgCivilians.nextReference")
      ),
      insert: Effect.fn("PgCivilians.insert")((civilian: Civilian) => Effect.orDie(insert(civilian))),
      findByIdForUpdate: Effect.fn("PgCivilians.findByIdForUpdate")((id: CivilianId) => Effect.orDie(findById(id))),
      findByReferenceForShare: Effect.fn("PgCivilians.findByReferenceForShare")((reference: string) => Effect.orDie(findByReference(reference))),
      update: Effect.fn("PgCivilians.update")((civilian: Civilian) => Effect.orDie(update(civilian)))
    }
  })
)
