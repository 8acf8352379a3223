import { SqlClient, SqlSchema } from "@effect/sql"
import { AccountId, Permission, type ServiceCredential, ServiceCredentialId, ServiceCredentials } from "@bluelight/core/identity"
import { type Page, toPage } from "@bluelight/core/kernel"
import { DateTime, Effect, Layer, Option, Schema } from "effect"

const ServiceCredentialRow = Schema.Struct({
  id: ServiceCredentialId,
  name: Schema.String,
  tokenHash: Schema.String,
  scopes: Schema.Array(Permission),
  createdAt: Schema.DateFromSelf,
  expiresAt: Schema.DateFromSelf,
  revokedAt: Schema.NullOr(Schema.DateFromSelf),
  issuedBy: AccountId
})
type ServiceCredentialRow = typeof ServiceCredentialRow.Type

const toServiceCredential = (row: ServiceCredentialRow): ServiceCredential => ({
  id: row.id,
  name: row.name,
  tokenHash: row.tokenHash,
  scopes: row.scopes,
  createdAt: DateTime.unsafeFromDate(row.createdAt),
  expiresAt: DateTime.unsafeFromDate(row.expiresAt),
  revokedAt: row.revokedAt === null ? null : DateTime.unsafeFromDate(row.revokedAt),
  issuedBy: row.issuedBy
})

const toRow = (credential: ServiceCredential) => ({
  id: credential.id,
  name: credential.name,
  tokenHash: credential.tokenHash,
  scopes: [...credential.scopes],
  createdAt: DateTime.toDateUtc(credential.createdAt),
  expiresAt: DateTime.toDateUtc(credential.expiresAt),
  revokedAt: credential.revokedAt === null ? null : DateTime.toDateUtc(credential.revokedAt),
  issuedBy: credential.issuedBy
})

export const PgServiceCredentials = Layer.effect(
  ServiceCredentials,
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const columns = sql.literal("id, name, token_hash, scopes, created_at, expires_at, revoked_at, issued_by")
    const findOneBy = (column: "id" | "token_hash", lock: "" | "FOR UPDATE" = "") => {
      const query = SqlSchema.findOne({
        Request: Schema.String,
        Result: ServiceCredentialRow,
        execute: (value) => sql`SELECT ${columns} FROM service_credentials WHERE ${sql(column)} = ${value} ${sql.literal(lock)}`
      })
      return (value: string) => query(value).pipe(Effect.map(Option.map(toServiceCredential)), Effect.orDie)
    }
    const list = SqlSchema.findAll({
      Request: Schema.Struct({ limit: Schema.Int, offset: Schema.Int }),
      Result: ServiceCredentialRow,
      execute: ({ limit, offset }) =>
        sql`
          SELECT ${columns} FROM service_credentials
          ORDER BY created_at DESC, id DESC
          LIMIT ${limit} OFFSET ${offset}`
    })
    return {
      insert: Effect.fn("PgServiceCredentials.insert")((credential: ServiceCredential) =>
        sql`INSERT INTO service_credentials ${sql.insert(toRow(credential))}`.pipe(Effect.asVoid, Effect.orDie)),
      findById: Effect.fn("PgServiceCredentials.findById")(findOneBy("id")),
      findByIdForUpdate: Effect.fn("PgServiceCredentials.findByIdForUpdate")(findOneBy("id", "FOR UPDATE")),
      findByTokenHash: Effect.fn("PgServiceCredentials.findByTokenHash")(findOneBy("token_hash")),
      update: Effect.fn("PgServiceCredentials.update")((credential: ServiceCredential) =>
        sql`UPDATE service_credentials SET ${sql.update(toRow(credential), ["id"])} WHERE id = ${credential.id}`.pipe(
          Effect.asVoid,
          Effect.orDie
        )),
      list: Effect.fn("PgServiceCredentials.list")((page: Page) =>
        list({ limit: page.limit + 1, offset: page.offset }).pipe(
          Effect.map((rows) => toPage(rows.map(toServiceCredential), page)),
          Effect.orDie
        ))
    }
  })
)
