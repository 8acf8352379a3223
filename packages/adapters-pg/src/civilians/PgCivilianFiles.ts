import { SqlClient, SqlSchema } from "@effect/sql"
import { CivilianFiles, type CivilianId, type LicenceId } from "@bluelight/core/civilians"
import type { AccountId } from "@bluelight/core/identity"
import type { Page, PageMeta } from "@bluelight/core/kernel"
import { Effect, Layer, Option, Schema } from "effect"
import { pageOf, Window } from "../kernel/rows.js"
import { CivilianFileJson, LicenceFileJson, SearchHitJson } from "./files.js"
import { civilianJson, civilianRefJson, licenceFileJson, vehicleJson } from "./rows.js"

/** Escapes `%`, `_` and `\` so that a search is matched as the text it is. */
export const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * One character's whole file as one JSON value: the character, its owner,
 * its licence with every endorsement, and the vehicles it keeps. Markers,
 * warrants and records (and their counts) join here once their tables exist.
 */
const CIVILIAN_FILE = `json_build_object(
  'civilian', ${civilianJson("c")},
  'owner', json_build_object('id', o.id, 'displayName', o.display_name),
  'licence', (SELECT ${licenceFileJson("l")} FROM licences l WHERE l.civilian_id = c.id),
  'vehicles', COALESCE((
    SELECT json_agg(json_build_object(
      'vehicle', ${vehicleJson("v")},
      'keeper', ${civilianRefJson("c")},
      'markers', 0,
      'stolen', false,
      'keeperSince', v.keeper_since) ORDER BY v.plate COLLATE "C", v.id)
    FROM vehicles v WHERE v.keeper_id = c.id), '[]'::json),
  'markers', '[]'::json,
  'warrants', '[]'::json,
  'disclosedRecords', '[]'::json,
  'counts', json_build_object('records', 0, 'warrants', 0, 'markers', 0))`

const Row = <A, I>(file: Schema.Schema<A, I>) => Schema.Struct({ file })

export const PgCivilianFiles = Layer.effect(
  CivilianFiles,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const file = sql.literal(CIVILIAN_FILE)
    const findById = SqlSchema.findOne({
      Request: Schema.String,
      Result: Row(CivilianFileJson),
      execute: (id) => sql`SELECT ${file} AS file FROM civilians c JOIN accounts o ON o.id = c.owner_id WHERE c.id = ${id}`
    })
    const listByOwner = SqlSchema.findAll({
      Request: Schema.Struct({ ownerId: Schema.String, ...Window.fields }),
      Result: Row(CivilianFileJson),
      execute: ({ limit, offset, ownerId }) =>
        sql`
          SELECT ${file} AS file FROM civilians c JOIN accounts o ON o.id = c.owner_id
          WHERE c.owner_id = ${ownerId}
          ORDER BY c.created_at DESC, c.id DESC
          LIMIT ${limit} OFFSET ${offset}`
    })
    const search = SqlSchema.findAll({
      Request: Schema.Struct({ search: Schema.String, ...Window.fields }),
      Result: Row(SearchHitJson),
      execute: ({ limit, offset, search }) => {
        const words = search.toLowerCase().split(/\s+/).filter((w) => w.length > 0).map((w) => `%${likeEscaped(w)}%`)
        // One LIKE a word (the trigram index serves each); no words: everyone.
        const byWords = words.length === 0 ? sql`true` : sql.and(words.map((word) => sql`lower(c.full_name) LIKE ${word}`))
        return sql`
          SELECT json_build_object('id', c.id, 'reference', c.reference, 'fullName', c.full_name,
                   'dateOfBirth', c.date_of_birth::text, 'gender', c.gender, 'status', c.status) AS file
          FROM civilians c
          WHERE c.reference = upper(${search.trim()}) OR ${byWords}
          ORDER BY lower(c.full_name), c.reference
          LIMIT ${limit} OFFSET ${offset}`
      }
    })
    const findLicence = SqlSchema.findOne({
      Request: Schema.String,
      Result: Row(LicenceFileJson),
      execute: (id) => sql`SELECT ${sql.literal(licenceFileJson("l"))} AS file FROM licences l WHERE l.id = ${id}`
    })
    const files = <A>(page: { readonly items: ReadonlyArray<{ readonly file: A }>; readonly meta: PageMeta }) => ({
      items: page.items.map((row) => row.file),
      meta: page.meta
    })
    return {
      findById: Effect.fn("PgCivilianFiles.findById")((id: CivilianId) =>
        findById(id).pipe(Effect.map(Option.map((row) => row.file)), Effect.orDie)),
      listByOwner: Effect.fn("PgCivilianFiles.listByOwner")((ownerId: AccountId, page: Page) =>
        Effect.map(pageOf(page, (window) => listByOwner({ ownerId, ...window })), files)),
      search: Effect.fn("PgCivilianFiles.search")((text: string, page: Page) => Effect.map(pageOf(page, (window) => search({ search: text, ...window })), files)),
      findLicence: Effect.fn("PgCivilianFiles.findLicence")((id: LicenceId) => findLicence(id).pipe(Effect.map(Option.map((row) => row.file)), Effect.orDie))
    }
  })
)
