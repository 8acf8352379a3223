import { BluelightApi, checkEndpointAccess } from "@bluelight/api"
import { aPerson, aService } from "@bluelight/core/testing"
import { Effect, Exit, Schema } from "effect"
import { HttpApiEndpoint } from "effect/http-api"
import { describe, expect, it } from "vitest"

const { auth, staff, system } = BluelightApi.groups

/** What the check ends with: success, or the refusal's tag and fields. */
const outcome = (effect: Effect.Effect<void, { readonly _tag: string }>) =>
  Effect.runPromise(Effect.match(effect, { onSuccess: () => "allowed" as const, onFailure: (refusal) => refusal }))

describe("checkEndpointAccess: the server's check, for a tool calling the core", () => {
  it("lets anyone call a public operation, with no caller at all", async () => {
    expect(await outcome(checkEndpointAccess(system.endpoints.health, null))).toBe("allowed")
  })

  it("refuses no caller where the operation needs one", async () => {
    expect(await outcome(checkEndpointAccess(staff.endpoints.listStaff, null))).toMatchObject({ _tag: "Unauthenticated" })
  })

  it("refuses a service credential where only a person may act, whatever it holds", async () => {
    const bot = aService({ scopes: ["staff.view"] })
    expect(await outcome(checkEndpointAccess(auth.endpoints.me, bot))).toMatchObject({ _tag: "UserRequired" })
    expect(await outcome(checkEndpointAccess(staff.endpoints.listStaff, bot))).toBe("allowed")
  })

  it("refuses a caller without the operation's permission, naming it", async () => {
    const clerk = aPerson({ displayName: "Clerk", permissions: ["staff.view"] })
    expect(await outcome(checkEndpointAccess(staff.endpoints.listStaff, clerk))).toBe("allowed")
    expect(await outcome(checkEndpointAccess(staff.endpoints.createStaff, clerk))).toMatchObject({ _tag: "Forbidden", permission: "staff.manage" })
  })

  it("treats an endpoint declared without a rule as a defect, not a refusal", async () => {
    const undeclared = HttpApiEndpoint.get("undeclared", "/undeclared", { success: Schema.String })
    const exit = await Effect.runPromiseExit(checkEndpointAccess(undeclared, null))
    expect(Exit.isFailure(exit) && exit.cause.reasons.every((reason) => reason._tag === "Die")).toBe(true)
  })
})
