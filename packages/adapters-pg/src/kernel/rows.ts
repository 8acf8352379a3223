import { type SqlClient, SqlSchema } from "effect/sql"
import { type Page, type PageMeta, toPage } from "@bluelight/core/kernel"
import { Effect, type Option, Schema, SchemaTransformation } from "effect"
import { storedUnlessClash } from "./uniqueViolation.js"

/**
 * What the repositories share around their row schemas: a list's window, and
 * the writes a unique key may refuse. Each repository's row schema says how
 * its records are stored; these say how a row is written or listed.
 */

/**
 * A `bigint` column (a sequence, a count, a sum): the client reads an `int8` as
 * a JavaScript `bigint`, the records hold a number (these stay far below 2^53).
 */
export const NumberFromInt8 = Schema.BigInt.pipe(
  Schema.decodeTo(Schema.Int, SchemaTransformation.transform({ decode: (n) => Number(n), encode: (n) => BigInt(n) }))
)

/** The window a list query reads: one row more than the page, so the page knows whether more follow. */
export const Window = Schema.Struct({ limit: Schema.Int, offset: Schema.Int })
export type Window = typeof Window.Type

/** A page of `list`'s rows, read through one window. */
export const pageOf = <A, E, R>(
  page: Page,
  list: (window: Window) => Effect.Effect<ReadonlyArray<A>, E, R>
): Effect.Effect<{ readonly items: ReadonlyArray<A>; readonly meta: PageMeta }, never, R> =>
  list({ limit: page.limit + 1, offset: page.offset }).pipe(
    Effect.map((rows) => toPage(rows, page)),
    Effect.orDie
  )

/**
 * A finder of the one row of `table` whose unique `column` holds a value,
 * decoded with `Row`; `FOR UPDATE` locks it until the transaction ends.
 */
export const findOneBy =
  <A, I>(sql: SqlClient.SqlClient, Row: Schema.Codec<A, I>, table: string, columns: string) => (column: string, lock: "" | "FOR UPDATE" = "") => {
    const query = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: Row,
      execute: (value) => sql`SELECT ${sql.literal(columns)} FROM ${sql.literal(table)} WHERE ${sql(column)} = ${value} ${sql.literal(lock)}`
    })
    return (value: string): Effect.Effect<Option.Option<A>> => Effect.orDie(query(value))
  }

/** Inserts a record into `table` as `Row` encodes it. */
export const insertRow = <A, I extends Record<string, unknown>>(sql: SqlClient.SqlClient, Row: Schema.Codec<A, I>, table: string) => {
  const insert = SqlSchema.void({ Request: Row, execute: (row) => sql`INSERT INTO ${sql.literal(table)} ${sql.insert(row)}` })
  return (record: A): Effect.Effect<void> => Effect.orDie(insert(record))
}

/**
 * Inserts a record as `Row` encodes it into `table`, unless a row already
 * holds its unique `key` (`ON CONFLICT DO NOTHING`); answers whether it did.
 */
export const insertUnlessTaken = <A, I extends Record<string, unknown>>(
  sql: SqlClient.SqlClient,
  Row: Schema.Codec<A, I>,
  table: string,
  key: string
) => {
  const encode = Schema.encodeEffect(Row)
  return (record: A): Effect.Effect<boolean> =>
    Effect.flatMap(encode(record), (row) => sql`INSERT INTO ${sql.literal(table)} ${sql.insert(row)} ON CONFLICT (${sql.literal(key)}) DO NOTHING RETURNING id`)
      .pipe(
        Effect.map((rows) => rows.length === 1),
        Effect.orDie
      )
}

/**
 * Replaces the row of a record's id with the record as `Row` encodes it,
 * unless the unique `constraint` refuses the new values (`storedUnlessClash`);
 * answers whether it did.
 */
export const updateUnlessClash = <A, I extends Record<string, unknown> & { readonly id: string }>(
  sql: SqlClient.SqlClient,
  Row: Schema.Codec<A, I>,
  table: string,
  constraint: string
) => {
  const encode = Schema.encodeEffect(Row)
  return (record: A): Effect.Effect<boolean> =>
    Effect.flatMap(encode(record), (row) =>
      sql`UPDATE ${sql.literal(table)} SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`.pipe(
        storedUnlessClash(sql, constraint)
      )).pipe(Effect.orDie)
}
