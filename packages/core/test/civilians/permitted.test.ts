/**
 * The civilians context's use cases run as a tool calling the core runs them:
 * admitted under their endpoint's rule (`admitted`), which refuses a caller
 * lacking the rule's key before the use case starts, so nothing is written
 * and nothing audited, and runs it for a caller holding the key.
 */
import { issueWarrant, updateCivilian } from "@bluelight/core/civilians"
import { Accounts, admitted } from "@bluelight/core/identity"
import { aPerson, auditEntries, civilianTables, InMemoryDatabase, seedCharacter, setNow, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"

/** `POST /pnc/warrants`'s rule (`PncRecordsApi`). */
const ISSUE_WARRANT = { access: "session", permissions: ["pnc.warrants.manage"] } as const
/** `PATCH /civilians/{id}`'s rule (`CiviliansApi`): the owner, or anyone holding `civilians.manage`. */
const OWNER_OR_MANAGER = { access: "session", permissions: ["civilians.manage_own"], alternative: ["civilians.manage"] } as const

/** Every civilian table and the audit log, to compare before and after a refusal. */
const everything = Effect.all({ tables: InMemoryDatabase.use(civilianTables), audit: auditEntries })

/** Today is 2026-06-15; a member's character, made through the portal (`seedCharacter`). */
const aCharacter = Effect.gen(function*() {
  yield* setNow("2026-06-15T12:00:00.000Z")
  return (yield* seedCharacter()).civilian
})

describe("a civilians use case admitted under its endpoint's rule", () => {
  it.effect("issueWarrant: FORBIDDEN to an officer without pnc.warrants.manage, nothing written or audited; issued for one holding it", () =>
    Effect.gen(function*() {
      const civilian = yield* aCharacter
      const viewer = aPerson({ permissions: ["pnc.view"], displayName: "PC Viewer" })
      const officer = aPerson({ permissions: ["pnc.view", "pnc.warrants.manage"], displayName: "PC Officer" })
      yield* Accounts.use((accounts) => Effect.forEach([viewer, officer], (caller) => accounts.insert(caller.account)))
      const warrant = { civilianId: civilian.id, reason: "Failed to appear" }
      const before = yield* everything

      const refused = yield* Effect.flip(issueWarrant(viewer, warrant).pipe(admitted(ISSUE_WARRANT, viewer)))
      expect(refused).toMatchObject({ code: "FORBIDDEN", permission: "pnc.warrants.manage" })
      expect(yield* everything).toEqual(before)

      const issued = yield* issueWarrant(officer, warrant).pipe(admitted(ISSUE_WARRANT, officer))
      expect(issued.status).toBe("ACTIVE")
      expect((yield* everything).tables.warrants.map((row) => row.id)).toEqual([issued.id])
      expect((yield* auditEntries).map((entry) => entry.action)).toEqual([...before.audit.map((entry) => entry.action), "pnc.warrant.issued"])
    }).pipe(Effect.provide(testPorts())))

  it.effect("updateCivilian: FORBIDDEN to a member holding neither key; the rule's alternative, civilians.manage, admits on its own", () =>
    Effect.gen(function*() {
      const civilian = yield* aCharacter
      const officer = aPerson({ permissions: ["pnc.view"], displayName: "PC Officer" })
      const manager = aPerson({ permissions: ["civilians.manage"], displayName: "Manager" })
      yield* Accounts.use((accounts) => Effect.forEach([officer, manager], (caller) => accounts.insert(caller.account)))
      const before = yield* everything

      const refused = yield* Effect.flip(updateCivilian(officer, civilian.id, { address: "2 Low Road" }).pipe(admitted(OWNER_OR_MANAGER, officer)))
      expect(refused).toMatchObject({ code: "FORBIDDEN", permission: "civilians.manage_own" })
      expect(yield* everything).toEqual(before)

      const updated = yield* updateCivilian(manager, civilian.id, { address: "2 Low Road" }).pipe(admitted(OWNER_OR_MANAGER, manager))
      expect(updated.address).toBe("2 Low Road")
      expect((yield* auditEntries).map((entry) => entry.action)).toEqual([...before.audit.map((entry) => entry.action), "civilian.updated"])
    }).pipe(Effect.provide(testPorts())))
})
