import { SqlClient, SqlSchema } from "effect/sql"
import { type ChargeFilter, type ChargeId, Charges } from "@bluelight/core/civilians"
import type { Page } from "@bluelight/core/kernel"
import { Effect, Layer, Schema } from "effect"
import { insertUnlessTaken, pageOf, updateUnlessClash, Window } from "../kernel/rows.js"
import { likeEscaped } from "./PgCivilianReads.js"
import { CHARGE_COLUMNS, ChargeRow } from "./rows.js"

/** The unique index of the codes (stored upper case, so unique ignoring case), in the "C" collation the list is ordered by. */
const CODE_KEY = "charges_code_key"

export const PgCharges = Layer.effect(
  Charges,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal(CHARGE_COLUMNS)
    const findById = (lock: "" | "FOR UPDATE") =>
      SqlSchema.findOneOption({
        Request: Schema.String,
        Result: ChargeRow,
        execute: (id) => sql`SELECT ${columns} FROM charges WHERE id = ${id} ${sql.literal(lock)}`
      })
    // In id order: every transaction that locks several charges takes them in this one order.
    const findByIdsForShare = SqlSchema.findAll({
      Request: Schema.Array(Schema.String),
      Result: ChargeRow,
      execute: (ids) => sql`SELECT ${columns} FROM charges WHERE id = ANY(${[...ids]}::text[]) ORDER BY id FOR SHARE`
    })
    const findByCode = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: ChargeRow,
      execute: (code) => sql`SELECT ${columns} FROM charges WHERE code = upper(${code})`
    })
    const list = (filter: ChargeFilter) =>
      SqlSchema.findAll({
        Request: Window,
        Result: ChargeRow,
        execute: ({ limit, offset }) => {
          const words = filter.search.toLowerCase().split(/\s+/).filter((w) => w.length > 0).map((w) => `%${likeEscaped(w)}%`)
          const conditions = [
            filter.active === "all" ? undefined : sql`active = ${filter.active}`,
            // One LIKE a word, each a part of the code, the title or the category (a word holds no blank, so none spans two).
            ...words.map((word) => sql`lower(code || ' ' || title || ' ' || coalesce(category, '')) LIKE ${word}`)
          ].filter((c) => c !== undefined)
          return sql`SELECT ${columns} FROM charges
            WHERE ${conditions.length === 0 ? sql`true` : sql.and(conditions)}
            ORDER BY code COLLATE "C"
            LIMIT ${limit} OFFSET ${offset}`
        }
      })
    return {
      insert: Effect.fn("PgCharges.insert")(insertUnlessTaken(sql, ChargeRow, "charges", `code COLLATE "C"`)),
      findById: Effect.fn("PgCharges.findById")((id: ChargeId) => Effect.orDie(findById("")(id))),
      findByIdForUpdate: Effect.fn("PgCharges.findByIdForUpdate")((id: ChargeId) => Effect.orDie(findById("FOR UPDATE")(id))),
      findByIdsForShare: Effect.fn("PgCharges.findByIdsForShare")((ids: ReadonlyArray<ChargeId>) =>
        ids.length === 0 ? Effect.succeed([]) : Effect.orDie(findByIdsForShare(ids))
      ),
      findByCode: Effect.fn("PgCharges.findByCode")((code: string) => Effect.orDie(findByCode(code))),
      update: Effect.fn("PgCharges.update")(updateUnlessClash(sql, ChargeRow, "charges", CODE_KEY)),
      list: Effect.fn("PgCharges.list")((filter: ChargeFilter, page: Page) => pageOf(page, list(filter)))
    }
  })
)
