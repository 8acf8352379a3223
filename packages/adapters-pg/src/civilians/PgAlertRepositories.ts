import { SqlClient, SqlSchema } from "effect/sql"
import {
  type Marker,
  markerReference,
  Markers,
  type PncRecord,
  type RecordId,
  recordReference,
  Records,
  type Warrant,
  warrantReference,
  Warrants
} from "@bluelight/core/civilians"
import { Effect, Layer, Schema } from "effect"
import {
  LoadedRecordRow,
  MARKER_COLUMNS,
  MarkerRow,
  RECORD_COLUMNS,
  RecordChargeRow,
  recordChargesJson,
  RecordRow,
  WARRANT_COLUMNS,
  WarrantRow
} from "./rows.js"

/**
 * Records, warrants and markers are stored the same way: a reference from
 * the table's sequence, inserted once, locked and updated, never deleted.
 */
const sequenced = <A extends { readonly id: string }, I extends { readonly id: string }>(options: {
  readonly name: string
  readonly table: string
  readonly columns: string
  readonly sequence: string
  readonly Row: Schema.Codec<A, I>
  readonly reference: (n: number) => string
}) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const table = sql.literal(options.table)
    const findById = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: options.Row,
      execute: (id) => sql`SELECT ${sql.literal(options.columns)} FROM ${table} WHERE id = ${id} FOR UPDATE`
    })
    const insert = SqlSchema.void({ Request: options.Row, execute: (row) => sql`INSERT INTO ${table} ${sql.insert(row)}` })
    const update = SqlSchema.void({ Request: options.Row, execute: (row) => sql`UPDATE ${table} SET ${sql.update(row, ["id"])} WHERE id = ${row.id}` })
    return {
      nextReference: sql<{ readonly n: string }>`SELECT nextval(${options.sequence})::text AS n`.pipe(
        Effect.map((rows) => options.reference(Number(rows[0]!.n))),
        Effect.orDie,
        Effect.withSpan(`${options.name}.nextReference`)
      ),
      insert: Effect.fn(`${options.name}.insert`)((row: A) => Effect.orDie(insert(row))),
      findByIdForUpdate: Effect.fn(`${options.name}.findByIdForUpdate`)((id: A["id"]) => Effect.orDie(findById(id))),
      update: Effect.fn(`${options.name}.update`)((row: A) => Effect.orDie(update(row)))
    }
  })

const isNonEmpty = <A>(items: ReadonlyArray<A>): items is readonly [A, ...Array<A>] => items.length > 0

/**
 * Records as the others, and the charges each cited: written with the record,
 * in the order cited, never changed (`update` writes the record's own row),
 * and read back with it.
 */
export const PgRecords = Layer.effect(
  Records,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const findById = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: LoadedRecordRow,
      execute: (id) =>
        sql`SELECT ${sql.literal(RECORD_COLUMNS)}, ${sql.literal(recordChargesJson("r"))} AS charges FROM pnc_records r WHERE r.id = ${id} FOR UPDATE OF r`
    })
    const insertRecord = SqlSchema.void({ Request: RecordRow, execute: (row) => sql`INSERT INTO pnc_records ${sql.insert(row)}` })
    const insertCharges = SqlSchema.void({
      Request: Schema.NonEmptyArray(RecordChargeRow),
      execute: (cited) => sql`INSERT INTO pnc_record_charges ${sql.insert(cited)}`
    })
    const update = SqlSchema.void({ Request: RecordRow, execute: (row) => sql`UPDATE pnc_records SET ${sql.update(row, ["id"])} WHERE id = ${row.id}` })
    return {
      nextReference: sql<{ readonly n: string }>`SELECT nextval('pnc_record_reference_seq')::text AS n`.pipe(
        Effect.map((rows) => recordReference(Number(rows[0]!.n))),
        Effect.orDie,
        Effect.withSpan("PgRecords.nextReference")
      ),
      findByIdForUpdate: Effect.fn("PgRecords.findByIdForUpdate")((id: RecordId) => Effect.orDie(findById(id))),
      insert: Effect.fn("PgRecords.insert")((record: PncRecord) =>
        Effect.gen(function*() {
          yield* insertRecord(record)
          const cited = record.charges.map((charge, position) => ({ recordId: record.id, position, ...charge }))
          if (isNonEmpty(cited)) yield* insertCharges(cited)
        }).pipe(Effect.orDie)
      ),
      update: Effect.fn("PgRecords.update")((record: PncRecord) => Effect.orDie(update(record)))
    }
  })
)

export const PgWarrants = Layer.effect(
  Warrants,
  sequenced<Warrant, typeof WarrantRow.Encoded>({
    name: "PgWarrants",
    table: "warrants",
    columns: WARRANT_COLUMNS,
    sequence: "warrant_reference_seq",
    Row: WarrantRow,
    reference: warrantReference
  })
)

export const PgMarkers = Layer.effect(
  Markers,
  sequenced<Marker, typeof MarkerRow.Encoded>({
    name: "PgMarkers",
    table: "markers",
    columns: MARKER_COLUMNS,
    sequence: "marker_reference_seq",
    Row: MarkerRow,
    reference: markerReference
  })
)
