/** The pure rules of the civilian records, without any port. */
import {
  ageAt,
  changedStatuses,
  endorsementActiveAt,
  holderLicence,
  identityLocked,
  isOwnersOwnChange,
  licenceNumberStem,
  licenceStatusAt,
  type LoadedLicence,
  LicenceId,
  CivilianId,
  EndorsementId,
  officialLicence,
  oldEnoughToHoldLicence,
  licenceIneligibility,
  MINIMUM_LICENCE_AGE,
  suspendable,
  plateKey,
  pointsAt,
  type PncEvent,
  PncEventId,
  pncHistoryEntry,
  statusMoveAllowed,
  storedPlate,
  candidateLicenceNumber,
  yearsAfter
} from "@bluelight/core/civilians"
import { AccountId } from "@bluelight/core/identity"
import { anAccount, aUserCaller } from "../identity/helpers.js"
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Effect, Random } from "effect"

const at = (iso: string) => DateTime.makeUnsafe(iso)
const NOW = at("2026-06-15T12:00:00.000Z")

const licence = (overrides: Partial<LoadedLicence["licence"]> = {}): LoadedLicence["licence"] => ({
  id: LicenceId.make("l1"),
  civilianId: CivilianId.make("c1"),
  number: "SMITH905140J99AB",
  categories: ["B"],
  status: "VALID",
  suspendedUntil: null,
  suspensionReason: null,
  issuedAt: at("2020-01-01T00:00:00.000Z"),
  expiresAt: at("2030-01-01T00:00:00.000Z"),
  updatedAt: at("2020-01-01T00:00:00.000Z"),
  ...overrides
})

const endorsement = (overrides: Partial<LoadedLicence["endorsements"][number]["endorsement"]> = {}) => ({
  id: EndorsementId.make("e1"),
  licenceId: LicenceId.make("l1"),
  code: "SP30",
  reason: "Speeding",
  points: 3,
  createdAt: at("2026-01-01T00:00:00.000Z"),
  expiresAt: at("2029-01-01T00:00:00.000Z"),
  issuedBy: AccountId.make("officer"),
  removedAt: null,
  removedBy: null,
  removalReason: null,
  recordId: null,
  ...overrides
})

describe("licence status at a time", () => {
  it("is stored status until expiry, EXPIRED from the expiry instant on", () => {
    expect(licenceStatusAt(licence(), NOW)).toBe("VALID")
    expect(licenceStatusAt(licence({ expiresAt: NOW }), NOW)).toBe("EXPIRED")
    expect(licenceStatusAt(licence({ expiresAt: DateTime.add(NOW, { milliseconds: 1 }) }), NOW)).toBe("VALID")
    expect(licenceStatusAt(licence({ status: "REVOKED", expiresAt: at("2026-01-01T00:00:00.000Z") }), NOW)).toBe("EXPIRED")
    expect(licenceStatusAt(licence({ status: "REVOKED" }), NOW)).toBe("REVOKED")
  })

  it("reads a suspension as lapsed past suspendedUntil; an indefinite one stays", () => {
    expect(licenceStatusAt(licence({ status: "SUSPENDED", suspendedUntil: DateTime.add(NOW, { days: 1 }) }), NOW)).toBe("SUSPENDED")
    expect(licenceStatusAt(licence({ status: "SUSPENDED", suspendedUntil: NOW }), NOW)).toBe("VALID")
    expect(licenceStatusAt(licence({ status: "SUSPENDED", suspendedUntil: null }), NOW)).toBe("SUSPENDED")
  })
})

describe("points", () => {
  it("count only endorsements neither removed nor expired", () => {
    const list = [
      endorsement({ points: 3 }),
      endorsement({ points: 6, removedAt: at("2026-02-01T00:00:00.000Z") }),
      endorsement({ points: 4, expiresAt: at("2026-06-15T12:00:00.000Z") }),
      endorsement({ points: 2, expiresAt: null })
    ]
    expect(pointsAt(list, NOW)).toBe(5)
    expect(endorsementActiveAt(list[2]!, NOW)).toBe(false)
    expect(endorsementActiveAt(list[3]!, NOW)).toBe(true)
  })
})

describe("holder and official views", () => {
  const file: LoadedLicence = {
    licence: licence(),
    endorsements: [
      { endorsement: endorsement(), issuedBy: { id: AccountId.make("officer"), displayName: "PC One" }, removedBy: null, record: null },
      {
        endorsement: endorsement({ id: EndorsementId.make("e2"), removedAt: NOW, removedBy: AccountId.make("sgt"), removalReason: "Appeal" }),
        issuedBy: { id: AccountId.make("officer"), displayName: "PC One" },
        removedBy: { id: AccountId.make("sgt"), displayName: "Sgt Two" },
        record: null
      }
    ]
  }
  it("the official view keeps removed endorsements and who recorded them", () => {
    const view = officialLicence(file, NOW)
    expect(view.endorsements.map((e) => [e.id, e.active, e.removedBy?.displayName ?? null])).toEqual([["e1", true, null], ["e2", false, "Sgt Two"]])
    expect(view.points).toBe(3)
  })
  it("the holder view leaves out removed ones and names nobody", () => {
    const view = holderLicence(file, NOW)
    expect(view.endorsements).toHaveLength(1)
    expect(Object.keys(view.endorsements[0]!).sort()).toEqual(["active", "code", "createdAt", "expiresAt", "id", "points", "reason"])
    expect(view.points).toBe(3)
  })
})

describe("the licence number", () => {
  it("follows the UK pattern", () => {
    expect(licenceNumberStem({ fullName: "John Smith", dateOfBirth: "1990-05-14", gender: "MALE" })).toBe("SMITH905140J9")
    expect(licenceNumberStem({ fullName: "Mary Anne Li", dateOfBirth: "2001-11-03", gender: "FEMALE" })).toBe("LI999061031MA")
    expect(licenceNumberStem({ fullName: "Zoë", dateOfBirth: "1985-12-31", gender: "UNSPECIFIED" })).toBe("ZOE99812315" + "99")
  })
  it.effect("ends in a digit and two check letters", () =>
    Effect.gen(function*() {
      const number = yield* candidateLicenceNumber({ fullName: "John Smith", dateOfBirth: "1990-05-14", gender: "MALE" })
      expect(number).toMatch(/^SMITH905140J9\d[A-Z]{2}$/)
    }).pipe(Random.withSeed("seed")))
})

describe("age", () => {
  it("is 17 on the 17th birthday, not the day before", () => {
    expect(ageAt("2009-06-15", NOW)).toBe(17)
    expect(oldEnoughToHoldLicence("2009-06-15", NOW)).toBe(true)
    expect(oldEnoughToHoldLicence("2009-06-16", NOW)).toBe(false)
  })
  it("years are calendar years", () => {
    expect(DateTime.formatIso(yearsAfter(at("2026-01-31T09:30:00.000Z"), 10))).toBe("2036-01-31T09:30:00.000Z")
  })
})

describe("who may hold a licence", () => {
  it("is 17 or over on the day of issue", () => {
    expect(MINIMUM_LICENCE_AGE).toBe(17)
    expect(licenceIneligibility({ status: "ACTIVE", dateOfBirth: "2009-06-15" }, NOW)).toBeUndefined()
    expect(licenceIneligibility({ status: "ACTIVE", dateOfBirth: "2009-06-16" }, NOW)).toBe("The holder must be aged 17 or over")
  })
  it("is an active character: neither inactive nor deceased, whatever the age", () => {
    expect(licenceIneligibility({ status: "INACTIVE", dateOfBirth: "1990-01-01" }, NOW)).toBe(
      "The character is inactive: only an active character can hold a licence"
    )
    expect(licenceIneligibility({ status: "DECEASED", dateOfBirth: "2015-01-01" }, NOW)).toBe(
      "The character is deceased: only an active character can hold a licence"
    )
  })
  it("may be suspended while the licence reads valid or suspended, not revoked or expired", () => {
    expect(suspendable("VALID")).toBe(true)
    expect(suspendable("SUSPENDED")).toBe(true)
    expect(suspendable("REVOKED")).toBe(false)
    expect(suspendable("EXPIRED")).toBe(false)
  })
})

describe("plates", () => {
  it("are stored upper case as entered and compared without spaces, hyphens or case", () => {
    expect(storedPlate("  ab12  cde ")).toBe("AB12 CDE")
    expect(plateKey("ab-12 cde")).toBe(plateKey("AB12CDE"))
  })
  it("a status change is what differs", () => {
    const statuses = { registrationStatus: "REGISTERED", insuranceStatus: "INSURED", motStatus: "VALID", taxStatus: "TAXED" } as const
    expect(changedStatuses(statuses, { motStatus: "VALID" })).toEqual({})
    expect(changedStatuses(statuses, { motStatus: "EXPIRED", taxStatus: "TAXED" })).toEqual({ motStatus: "EXPIRED" })
  })
})

describe("civilian status and identity", () => {
  it("the owner moves ACTIVE and INACTIVE; DECEASED needs civilians.manage", () => {
    expect(statusMoveAllowed("ACTIVE", "INACTIVE", false)).toBe(true)
    expect(statusMoveAllowed("INACTIVE", "ACTIVE", false)).toBe(true)
    expect(statusMoveAllowed("ACTIVE", "DECEASED", false)).toBe(false)
    expect(statusMoveAllowed("DECEASED", "ACTIVE", false)).toBe(false)
    expect(statusMoveAllowed("DECEASED", "ACTIVE", true)).toBe(true)
  })
  it("identity locks with any official history", () => {
    const none = { hasLicence: false, records: 0, warrants: 0, markers: 0 }
    expect(identityLocked(none)).toBe(false)
    expect(identityLocked({ ...none, hasLicence: true })).toBe(true)
    expect(identityLocked({ ...none, records: 1 })).toBe(true)
    expect(identityLocked({ ...none, warrants: 1 })).toBe(true)
    expect(identityLocked({ ...none, markers: 1 })).toBe(true)
  })
})

describe("who the PNC history names", () => {
  const owner = AccountId.make("owner")
  const member = aUserCaller(["civilians.manage_own"], anAccount({ id: owner }))
  const manager = aUserCaller(["civilians.manage"], anAccount({ id: AccountId.make("manager") }))

  it("a change is the owner's own when the caller owns the character it was made through", () => {
    expect(isOwnersOwnChange(member, { ownerId: owner })).toBe(true)
    expect(isOwnersOwnChange(manager, { ownerId: owner })).toBe(false)
    expect(isOwnersOwnChange(manager, { ownerId: manager.account.id })).toBe(true)
  })

  const event = (byOwner: boolean): PncEvent => ({
    id: PncEventId.make("e1"),
    seq: 1,
    type: "CIVILIAN_CREATED",
    at: NOW,
    actor: { id: owner, displayName: "Alice" },
    byOwner,
    civilianId: CivilianId.make("c1"),
    vehicleId: null,
    licenceId: null,
    data: { reference: "CIV-000001" }
  })

  it("an owner's own change shows `{owner: true}` unless the reader may know owners; other changes always show their actor", () => {
    const { byOwner: _byOwner, ...shown } = event(true)
    expect(pncHistoryEntry(event(true), false)).toEqual({ ...shown, actor: { owner: true } })
    expect(pncHistoryEntry(event(true), true)).toEqual(shown)
    expect(pncHistoryEntry(event(false), false)).toEqual(shown)
    expect(pncHistoryEntry({ ...event(false), actor: { serviceId: "svc" } }, false).actor).toEqual({ serviceId: "svc" })
  })
})
