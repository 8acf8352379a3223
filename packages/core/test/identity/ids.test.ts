import { AuditEntryId } from "@bluelight/core/audit"
import {
  AccountId,
  ADMINISTRATOR_ROLE_ID,
  MEMBER_ROLE_ID,
  openSession,
  revokeCredential,
  RoleId,
  ServiceCredentialId,
  SessionId,
  type Sessions,
  StaffProfileId,
  updateStaffProfile
} from "@bluelight/core/identity"
import { newId, UUID_V7_PATTERN } from "@bluelight/core/kernel"
import { SequentialIds } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { type Context, Effect, Result, Schema } from "effect"
import { expectTypeOf } from "vitest"

describe("entity ids are not interchangeable", () => {
  // Checked by the compiler (`npm run typecheck`): with plain string ids every one of these fails.
  it("no entity's id is assignable to another's", () => {
    expectTypeOf<AccountId>().not.toExtend<SessionId>()
    expectTypeOf<SessionId>().not.toExtend<AccountId>()
    expectTypeOf<AccountId>().not.toExtend<RoleId>()
    expectTypeOf<RoleId>().not.toExtend<StaffProfileId>()
    expectTypeOf<StaffProfileId>().not.toExtend<AccountId>()
    expectTypeOf<ServiceCredentialId>().not.toExtend<AccountId>()
    expectTypeOf<AccountId>().not.toExtend<ServiceCredentialId>()
    expectTypeOf<AuditEntryId>().not.toExtend<SessionId>()
  })

  it("a plain string is no entity id, while every entity id is still a string", () => {
    expectTypeOf<string>().not.toExtend<AccountId>()
    expectTypeOf<string>().not.toExtend<RoleId>()
    expectTypeOf<AccountId>().toExtend<string>()
    expectTypeOf<AuditEntryId>().toExtend<string>()
  })

  it("use cases and ports take the id of their own entity", () => {
    expectTypeOf(openSession).parameter(0).toEqualTypeOf<AccountId>()
    expectTypeOf(revokeCredential).parameter(1).toEqualTypeOf<ServiceCredentialId>()
    expectTypeOf(updateStaffProfile).parameter(1).toEqualTypeOf<StaffProfileId>()
    expectTypeOf<Parameters<Context.Service.Shape<typeof Sessions>["revoke"]>[0]>().toEqualTypeOf<SessionId>()
    expectTypeOf<SessionId>().not.toExtend<Parameters<Context.Service.Shape<typeof Sessions>["revokeAllOf"]>[0]>()
  })
})

describe("entity id schemas", () => {
  it("decode as the API's Id does and refuse what it refuses", () => {
    const decode = Schema.decodeUnknownResult(AccountId)
    expect(decode("a-Z_0")).toEqual(Result.succeed("a-Z_0"))
    for (const bad of ["", "x".repeat(65), "a b", "a/b", 5]) expect(Result.isFailure(decode(bad))).toBe(true)
  })

  it("are described as the one Id schema, as before they were branded", () => {
    const described = Schema.toJsonSchemaDocument(Schema.Struct({ account: AccountId, role: RoleId, entry: AuditEntryId }))
    expect(described.schema).toMatchObject({
      properties: { account: { $ref: "#/$defs/Id" }, role: { $ref: "#/$defs/Id" }, entry: { $ref: "#/$defs/Id" } }
    })
    expect(Object.keys(described.definitions)).toEqual(["Id"])
  })

  it("the built-in role ids are role ids", () => {
    expect([MEMBER_ROLE_ID, ADMINISTRATOR_ROLE_ID]).toEqual(["member", "administrator"])
    expectTypeOf(MEMBER_ROLE_ID).toEqualTypeOf<RoleId>()
  })

  it.effect("newId brands a generated UUIDv7 for its entity", () =>
    Effect.gen(function*() {
      const id = yield* newId(RoleId)
      expectTypeOf(id).toEqualTypeOf<RoleId>()
      expect(id).toMatch(UUID_V7_PATTERN)
      expect(yield* newId(SessionId)).not.toBe(id)
    }).pipe(Effect.provide(SequentialIds)))
})
