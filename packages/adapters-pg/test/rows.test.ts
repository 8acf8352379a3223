import { AccountId, RoleId, roleNameKey } from "@bluelight/core/identity"
import { describe, expect, it } from "vitest"
import { Arbitrary, DateTime, Effect, Schema, Struct } from "effect"
import { AuditRow } from "../src/audit/rows.js"
import { AccountRow, RoleRow, ServiceCredentialRow, SessionRow, SignInStateRow, StaffProfileRow } from "../src/identity/rows.js"

// DateTime values are compared as instants, whatever they cache inside.
expect.addEqualityTesters([
  (a: unknown, b: unknown) => DateTime.isDateTime(a) && DateTime.isDateTime(b) ? DateTime.Equivalence(a, b) : undefined
])

/**
 * Whether a value holds an own `__proto__` key anywhere. Decoding builds
 * objects by assignment, where that key sets the prototype instead, so such a
 * value cannot come back as it went; audit data is written by the use cases
 * with their own fixed keys, so none is ever stored.
 */
const holdsProtoKey = (value: unknown): boolean =>
  typeof value === "object" && value !== null &&
  (Object.prototype.hasOwnProperty.call(value, "__proto__") || Object.values(value).some(holdsProtoKey))

/** Any record `Row` stores, written as a row and read back, is the same record. */
const roundTrips = <A, I>(Row: Schema.Codec<A, I>) => {
  const records = Arbitrary.schema(Schema.toType(Row)).pipe(Arbitrary.filter((record) => !holdsProtoKey(record)))
  const result = Effect.runSync(Arbitrary.checkEffect(records, (record) => {
    const row = Schema.encodeSync(Row)(record)
    expect(Schema.decodeUnknownSync(Row)(row)).toEqual(record)
    return true
  }, { runs: 50 }))
  expect(Arbitrary.formatCheckFailure(result)).toBeUndefined()
}

describe("row schemas", () => {
  it("give back every record they store: encoded into a row, then decoded", () => {
    roundTrips(AccountRow)
    roundTrips(SessionRow)
    roundTrips(SignInStateRow)
    roundTrips(RoleRow)
    roundTrips(StaffProfileRow)
    roundTrips(ServiceCredentialRow)
    roundTrips(AuditRow)
  })

  const at = DateTime.makeUnsafe("2026-01-31T09:30:00.000Z")
  const account = {
    id: AccountId.make("acc-1"),
    displayName: "Alex",
    status: "ACTIVE" as const,
    identity: { id: "idp-1", username: "alex", avatar: null },
    platform: null,
    createdAt: at,
    updatedAt: at
  }

  it("store an account's links in columns of their own, a missing platform link as two nulls", () => {
    expect(Schema.encodeSync(AccountRow)(account)).toEqual({
      id: "acc-1",
      displayName: "Alex",
      status: "ACTIVE",
      identityId: "idp-1",
      identityUsername: "alex",
      identityAvatar: null,
      platformId: null,
      platformUsername: null,
      createdAt: new Date("2026-01-31T09:30:00.000Z"),
      updatedAt: new Date("2026-01-31T09:30:00.000Z")
    })
    const linked = { ...account, platform: { id: "1001", username: "AlexAdmin" } }
    expect(Schema.encodeSync(AccountRow)(linked)).toMatchObject({ platformId: "1001", platformUsername: "AlexAdmin" })
  })

  it("write a role's name key as the rules compare names", () => {
    const role = { id: RoleId.make("r-1"), name: "  Dispatch Team ", permissions: [] }
    expect(Schema.encodeSync(RoleRow)(role)).toEqual({ ...role, nameKey: roleNameKey(role.name) })
    expect(roleNameKey(role.name)).toBe("dispatch team")
  })

  it("write a staff profile without its roles, which have a table of their own", () => {
    const profile = { id: "staff-1", accountId: "acc-1", active: true, roleIds: ["member"], createdAt: at, updatedAt: at }
    const written = Schema.encodeSync(StaffProfileRow.mapFields(Struct.omit(["roleIds"])))(Schema.decodeUnknownSync(Schema.toType(StaffProfileRow))(profile))
    expect(Object.keys(written).sort()).toEqual(["accountId", "active", "createdAt", "id", "updatedAt"])
  })
})
