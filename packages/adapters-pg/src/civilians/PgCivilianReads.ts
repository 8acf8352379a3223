import { SqlClient, SqlSchema } from "effect/sql"
import { CivilianReads, type CivilianId, type LicenceId } from "@bluelight/core/civilians"
import type { AccountId } from "@bluelight/core/identity"
import type { Page, PageMeta } from "@bluelight/core/kernel"
import { DateTime, Effect, Layer, Option, Schema } from "effect"
import { pageOf, Window } from "../kernel/rows.js"
import { LoadedCivilianJson, LoadedLicenceJson, SearchHitJson } from "./loaded.js"
import {
  AT_NOW,
  civilianJson,
  civilianRefJson,
  loadedLicenceJson,
  markerActiveSql,
  loadedMarkerJson,
  recordJson,
  vehicleAlertFields,
  vehicleJson,
  vehicleRefJson,
  warrantActiveSql,
  warrantInForceSql,
  loadedWarrantJson
} from "./rows.js"

/** Escapes `%`, `_` and `\` so that a search is matched as the text it is. */
export const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * One character, loaded whole as one JSON value: the character, its owner,
 * its licence with every endorsement, the vehicles it keeps (with their
 * active markers), its active markers and warrants at `at.now`, its disclosed
 * records and the counts of everything it ever had. Every part is an indexed
 * subquery of the one statement.
 */
const LOADED_CIVILIAN = `json_build_object(
  'civilian', ${civilianJson("c")},
  'owner', json_build_object('id', o.id, 'displayName', o.display_name),
  'licence', (SELECT ${loadedLicenceJson("l")} FROM licences l WHERE l.civilian_id = c.id),
  'vehicles', COALESCE((
    SELECT json_agg(json_build_object(
      'vehicle', ${vehicleJson("v")},
      'keeper', ${civilianRefJson("c")},${vehicleAlertFields("v")},
      'keeperSince', v.keeper_since) ORDER BY v.plate COLLATE "C", v.id)
    FROM vehicles v WHERE v.keeper_id = c.id), '[]'::json),
  'markers', COALESCE((
    SELECT json_agg(${loadedMarkerJson("m")} ORDER BY m.created_at DESC, m.id DESC)
    FROM markers m WHERE m.civilian_id = c.id AND ${markerActiveSql("m", AT_NOW)}), '[]'::json),
  'warrants', COALESCE((
    SELECT json_agg(${loadedWarrantJson("w")} ORDER BY w.issued_at DESC, w.id DESC)
    FROM warrants w WHERE w.civilian_id = c.id AND ${warrantActiveSql("w", AT_NOW)}), '[]'::json),
  'disclosedRecords', COALESCE((
    SELECT json_agg(json_build_object(
      'record', ${recordJson("r")},
      'vehicle', (SELECT ${vehicleRefJson("rv")} FROM vehicles rv WHERE rv.id = r.vehicle_id)) ORDER BY r.occurred_at DESC, r.reference DESC)
    FROM pnc_records r WHERE r.civilian_id = c.id AND r.disclosed), '[]'::json),
  'counts', json_build_object(
    'records', (SELECT count(*) FROM pnc_records cr WHERE cr.civilian_id = c.id),
    'warrants', (SELECT count(*) FROM warrants cw WHERE cw.civilian_id = c.id AND ${warrantInForceSql("cw")}),
    'markers', (SELECT count(*) FROM markers cm WHERE cm.civilian_id = c.id)))`

/** The one-row subquery the loaded character reads the time from. */
const atNow = (now: DateTime.Utc) => DateTime.toDateUtc(now)

const Row = <A, I>(file: Schema.Codec<A, I>) => Schema.Struct({ file })

export const PgCivilianReads = Layer.effect(
  CivilianReads,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const file = sql.literal(LOADED_CIVILIAN)
    const findById = SqlSchema.findOneOption({
      Request: Schema.Struct({ id: Schema.String, now: Schema.Date }),
      Result: Row(LoadedCivilianJson),
      execute: ({ id, now }) =>
        sql`SELECT ${file} AS file FROM civilians c JOIN accounts o ON o.id = c.owner_id
            CROSS JOIN (SELECT ${now}::timestamptz AS now) at WHERE c.id = ${id}`
    })
    const listByOwner = SqlSchema.findAll({
      Request: Schema.Struct({ ownerId: Schema.String, now: Schema.Date, ...Window.fields }),
      Result: Row(LoadedCivilianJson),
      execute: ({ limit, now, offset, ownerId }) =>
        sql`
          SELECT ${file} AS file FROM civilians c JOIN accounts o ON o.id = c.owner_id
          CROSS JOIN (SELECT ${now}::timestamptz AS now) at
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
    const findLicence = SqlSchema.findOneOption({
      Request: Schema.String,
      Result: Row(LoadedLicenceJson),
      execute: (id) => sql`SELECT ${sql.literal(loadedLicenceJson("l"))} AS file FROM licences l WHERE l.id = ${id}`
    })
    const files = <A>(page: { readonly items: ReadonlyArray<{ readonly file: A }>; readonly meta: PageMeta }) => ({
      items: page.items.map((row) => row.file),
      meta: page.meta
    })
    return {
      findById: Effect.fn("PgCivilianReads.findById")((id: CivilianId, now: DateTime.Utc) =>
        findById({ id, now: atNow(now) }).pipe(Effect.map(Option.map((row) => row.file)), Effect.orDie)
      ),
      listByOwner: Effect.fn("PgCivilianReads.listByOwner")((ownerId: AccountId, page: Page, now: DateTime.Utc) =>
        Effect.map(pageOf(page, (window) => listByOwner({ ownerId, now: atNow(now), ...window })), files)
      ),
      search: Effect.fn("PgCivilianReads.search")((text: string, page: Page) =>
        Effect.map(pageOf(page, (window) => search({ search: text, ...window })), files)
      ),
      findLicence: Effect.fn("PgCivilianReads.findLicence")((id: LicenceId) => findLicence(id).pipe(Effect.map(Option.map((row) => row.file)), Effect.orDie))
    }
  })
)
