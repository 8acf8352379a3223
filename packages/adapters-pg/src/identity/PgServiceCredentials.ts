import { SqlClient, SqlSchema } from "effect/sql"
import { type ServiceCredential, ServiceCredentials } from "@bluelight/core/identity"
import type { Page } from "@bluelight/core/kernel"
import { Effect, Layer } from "effect"
import { findOneBy, insertRow, pageOf, Window } from "../kernel/rows.js"
import { ServiceCredentialRow } from "./rows.js"

export const PgServiceCredentials = Layer.effect(
  ServiceCredentials,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columnList = "id, name, token_hash, scopes, created_at, expires_at, revoked_at, issued_by"
    const columns = sql.literal(columnList)
    const findBy = findOneBy(sql, ServiceCredentialRow, "service_credentials", columnList)
    const update = SqlSchema.void({
      Request: ServiceCredentialRow,
      execute: (row) => sql`UPDATE service_credentials SET ${sql.update(row, ["id"])} WHERE id = ${row.id}`
    })
    const list = SqlSchema.findAll({
      Request: Window,
      Result: ServiceCredentialRow,
      execute: ({ limit, offset }) =>
        sql`
          SELECT ${columns} FROM service_credentials
          ORDER BY created_at DESC, id DESC
          LIMIT ${limit} OFFSET ${offset}`
    })
    return {
      insert: Effect.fn("PgServiceCredentials.insert")(insertRow(sql, ServiceCredentialRow, "service_credentials")),
      findById: Effect.fn("PgServiceCredentials.findById")(findBy("id")),
      findByIdForUpdate: Effect.fn("PgServiceCredentials.findByIdForUpdate")(findBy("id", "FOR UPDATE")),
      findByTokenHash: Effect.fn("PgServiceCredentials.findByTokenHash")(findBy("token_hash")),
      update: Effect.fn("PgServiceCredentials.update")((credential: ServiceCredential) => Effect.orDie(update(credential))),
      list: Effect.fn("PgServiceCredentials.list")((page: Page) => pageOf(page, list))
    }
  })
)
