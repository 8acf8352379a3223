import { SqlClient, SqlSchema } from "effect/sql"
import { type CivilianId, type Endorsement, type EndorsementId, type Licence, type LicenceId, Licences, type RecordId } from "@bluelight/core/civilians"
import { Effect, Layer, Schema } from "effect"
import { ENDORSEMENT_COLUMNS, EndorsementRow, LICENCE_COLUMNS, LicenceRow } from "./rows.js"

export const PgLicences = Layer.effect(
  Licences,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(LICENCE_COLUMNS)
    const findById = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: LicenceRow,
      execute: (id) => sql`SELECT ${columns} FROM licences WHERE id = ${id} FOR UPDATE`
    })
    const findByCivilianId = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: LicenceRow,
      execute: (civilianId) => sql`SELECT ${columns} FROM licences WHERE civilian_id = ${civilianId}`
    })
    const encodeLicence = Schema.encodeEffect(LicenceRow)
    const update = SqlSchema.void({
      Request: LicenceRow,
      execute: (row) => sql`UPDATE licences SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`
    })
    const insertEndorsement = SqlSchema.void({ Request: EndorsementRow, execute: (row) => sql`INSERT INTO endorsements ${sql.insert(row)}` })
    const findEndorsement = SqlSchema.findOneOption({
      Request: Schema.Struct({ licenceId: Schema.String, id: Schema.String }),
      Result: EndorsementRow,
      execute: ({ id, licenceId }) =>
        sql`SELECT ${sql.literal(ENDORSEMENT_COLUMNS)} FROM endorsements WHERE id = ${id} AND licence_id = ${licenceId} FOR UPDATE`
    })
    const findEndorsementOfRecord = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: EndorsementRow,
      execute: (recordId) => sql`SELECT ${sql.literal(ENDORSEMENT_COLUMNS)} FROM endorsements WHERE record_id = ${recordId} FOR UPDATE`
    })
    const updateEndorsement = SqlSchema.void({
      Request: EndorsementRow,
      execute: (row) => sql`UPDATE endorsements SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`
    })
    return {
      findByIdForUpdate: Effect.fn("PgLicences.findByIdForUpdate")((id: LicenceId) => Effect.orDie(findById(id))),
      findByCivilianId: Effect.fn("PgLicences.findByCivilianId")((civilianId: CivilianId) => Effect.orDie(findByCivilianId(civilianId))),
      // A clash on the number answers false; one licence per character is checked on the locked
      // character first, so a clash on civilian_id here is a defect.
      insert: Effect.fn("PgLicences.insert")((licence: Licence) =>
        Effect.flatMap(encodeLicence(licence), (row) => sql`INSERT INTO licences ${sql.insert(row)} ON CONFLICT (number) DO NOTHING RETURNING id`).pipe(
          Effect.map((rows) => rows.length === 1),
          Effect.orDie
        )
      ),
      update: Effect.fn("PgLicences.update")((licence: Licence) => Effect.orDie(update(licence))),
      insertEndorsement: Effect.fn("PgLicences.insertEndorsement")((endorsement: Endorsement) => Effect.orDie(insertEndorsement(endorsement))),
      findEndorsementForUpdate: Effect.fn("PgLicences.findEndorsementForUpdate")((licenceId: LicenceId, id: EndorsementId) =>
        Effect.orDie(findEndorsement({ licenceId, id }))
      ),
      updateEndorsement: Effect.fn("PgLicences.updateEndorsement")((endorsement: Endorsement) => Effect.orDie(updateEndorsement(endorsement))),
      findEndorsementOfRecordForUpdate: Effect.fn("PgLicences.findEndorsementOfRecordForUpdate")((recordId: RecordId) =>
        Effect.orDie(findEndorsementOfRecord(recordId))
      )
    }
  })
)
