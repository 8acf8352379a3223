/**
 * Test doubles for the identity ports that `@bluelight/core/testing` does not
 * cover (Tokens, AccessSettings, the two rate limiters and the two OAuth
 * providers), plus a few helpers shared by the identity use-case tests.
 *
 * Every layer here is built afresh for each test (`Effect.provide(testPorts())`),
 * so no state leaks between tests; everything that depends on time reads the
 * Effect `Clock`, so `TestClock.adjust` drives it.
 */
import { createHash } from "node:crypto"
import { AccessSettings, type Account, AccountId, AttemptCounterUnavailable, completeSignIn, type IdentityProfile, IdentityProvider, type Permission, type PlatformProfile, PlatformProvider, type ProviderFailure, type RateDecision, RateLimiter, type Role, SessionRecordsFromRepositories, type ServiceCredential, type Session, SessionId, type SignInState, type StaffProfile, startSignIn, StrictRateLimiter, Tokens, type UserCaller } from "@bluelight/core/identity"
import {
  ACCOUNTS_TABLE,
  AUDIT_TABLE,
  FailingAuditLog,
  InMemoryDatabase,
  InMemoryIdentityRepositories,
  InMemoryPorts,
  InMemoryTransactor,
  ROLES_TABLE,
  SequentialIds,
  SERVICE_CREDENTIALS_TABLE,
  SESSIONS_TABLE,
  SIGN_IN_STATES_TABLE,
  STAFF_PROFILES_TABLE
} from "@bluelight/core/testing"
import type { AuditEntry } from "@bluelight/core/audit"
import { Clock, Context, DateTime, Effect, Layer, Option, Redacted, Ref } from "effect"

// ---------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------

/**
 * Real SHA-256 (lower-case hex), as the port promises. Core itself has no
 * crypto (it depends on effect alone), but this file is a test, so it may use
 * `node:crypto`: a real digest keeps "only the hash is stored" meaningful
 * (the token cannot be read back out of the hash, unlike a `"h:" + text`
 * stand-in) while staying deterministic.
 */
export const sha256Hex = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex")

/** The real PKCE S256 challenge: base64url(SHA-256(verifier)), no padding (RFC 7636). */
export const s256 = (verifier: string): string => createHash("sha256").update(verifier, "utf8").digest("base64url")

/** `bytes` deterministic bytes for the n-th draw: SHA-256 blocks of a counter, as base64url without padding. */
const drawBytes = (n: number, bytes: number): string => {
  const blocks: Array<Buffer> = []
  for (let i = 0; blocks.length * 32 < bytes; i++) blocks.push(createHash("sha256").update(`random:${n}:${i}`).digest())
  return Buffer.concat(blocks).subarray(0, bytes).toString("base64url")
}

/**
 * Deterministic `Tokens`: `random` draws from a counter (32 bytes give the
 * 43 base64url characters a real CSPRNG would), `sha256` and `pkceChallenge`
 * are the real functions, `equalSecrets` plain equality (no timing to protect
 * in a test).
 */
export const TestTokens = Layer.effect(
  Tokens,
  Effect.map(Ref.make(0), (counter) => ({
    random: (bytes: number) => Effect.map(Ref.updateAndGet(counter, (n) => n + 1), (n) => drawBytes(n, bytes)),
    sha256: sha256Hex,
    pkceChallenge: s256,
    equalSecrets: (a: string, b: string) => a === b
  }))
)

// ---------------------------------------------------------------------------
// AccessSettings, with a developer password a test can change
// ---------------------------------------------------------------------------

/** The developer password behind `AccessSettings` (a `Ref`), and how many times it was read. */
export class DeveloperPassword extends Context.Tag("test/DeveloperPassword")<
  DeveloperPassword,
  { readonly value: Ref.Ref<Option.Option<string>>; readonly reads: Ref.Ref<number> }
>() {}

export const setDeveloperPassword = (password: string | null) =>
  Effect.flatMap(DeveloperPassword, (p) => Ref.set(p.value, Option.fromNullable(password)))

export const developerPasswordReads = Effect.flatMap(DeveloperPassword, (p) => Ref.get(p.reads))

const testAccessSettings = (adminIdentityIds: ReadonlyArray<string>, developerPassword: string | null) =>
  Layer.effect(
    AccessSettings,
    Effect.map(DeveloperPassword, (p) => ({
      adminIdentityIds: new Set(adminIdentityIds),
      developerPassword: Effect.zipRight(
        Ref.update(p.reads, (n) => n + 1),
        Effect.map(Ref.get(p.value), Option.map(Redacted.make))
      )
    }))
  ).pipe(
    Layer.provideMerge(Layer.effect(
      DeveloperPassword,
      Effect.all({ value: Ref.make(Option.fromNullable(developerPassword)), reads: Ref.make(0) })
    ))
  )

// ---------------------------------------------------------------------------
// Rate limiters: a fixed window and a sliding log, on the Effect Clock
// ---------------------------------------------------------------------------

const fixedWindow = Effect.map(Ref.make<ReadonlyMap<string, number>>(new Map()), (counts) => ({
  consume: (key: string, limit: number, windowSeconds: number) =>
    Effect.gen(function*() {
      const nowMs = yield* Clock.currentTimeMillis
      const windowMs = windowSeconds * 1000
      const start = Math.floor(nowMs / windowMs) * windowMs
      const slot = `${key}@${start}`
      const count = yield* Ref.modify(counts, (map) => {
        const next = new Map(map)
        const n = (map.get(slot) ?? 0) + 1
        next.set(slot, n)
        return [n, next] as const
      })
      const allowed = count <= limit
      const decision: RateDecision = {
        allowed,
        limit,
        remaining: allowed ? limit - count : 0,
        resetSeconds: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000))
      }
      return decision
    })
}))

/** Whether the shared attempt log answers (a test may take it down). */
export class AttemptLogUp extends Context.Tag("test/AttemptLogUp")<AttemptLogUp, Ref.Ref<boolean>>() {}

export const setAttemptLogUp = (up: boolean) => Effect.flatMap(AttemptLogUp, (ref) => Ref.set(ref, up))

/** The port's sliding log: the times of the attempts allowed in the last window, per key; refusals are not logged. */
const slidingLog = Effect.gen(function*() {
  const logs = yield* Ref.make<ReadonlyMap<string, ReadonlyArray<number>>>(new Map())
  const up = yield* AttemptLogUp
  return {
    consume: (key: string, limit: number, windowSeconds: number) =>
      Effect.gen(function*() {
        if (!(yield* Ref.get(up))) return yield* new AttemptCounterUnavailable()
        const nowMs = yield* Clock.currentTimeMillis
        const windowMs = windowSeconds * 1000
        return yield* Ref.modify(logs, (map) => {
          const inWindow = (map.get(key) ?? []).filter((time) => time > nowMs - windowMs)
          const allowed = inWindow.length < limit
          const times = allowed ? [...inWindow, nowMs] : inWindow
          const decision: RateDecision = {
            allowed,
            limit,
            remaining: allowed ? limit - times.length : 0,
            resetSeconds: Math.max(1, Math.ceil((times[0]! + windowMs - nowMs) / 1000))
          }
          return [decision, new Map(map).set(key, times)] as const
        })
      })
  }
})

/** The lenient fixed-window limiter and the strict sliding log (which a test can take down). */
export const TestRateLimiters = Layer.merge(
  Layer.effect(RateLimiter, fixedWindow),
  Layer.effect(StrictRateLimiter, slidingLog).pipe(Layer.provideMerge(Layer.effect(AttemptLogUp, Ref.make(true))))
)

// ---------------------------------------------------------------------------
// The identity provider and the game platform
// ---------------------------------------------------------------------------

/** What the fake identity provider answers, by authorization code (a test may change it). */
export class IdentityProfiles extends Context.Tag("test/IdentityProfiles")<
  IdentityProfiles,
  Ref.Ref<ReadonlyMap<string, IdentityProfile>>
>() {}

export const setIdentityProfile = (code: string, profile: IdentityProfile) =>
  Effect.flatMap(IdentityProfiles, (ref) => Ref.update(ref, (map) => new Map(map).set(code, profile)))

const unknownCode = (code: string): ProviderFailure => ({ _tag: "ProviderFailure", reason: `unknown code ${code}` })

const FakeIdentityProvider = (profiles: Readonly<Record<string, IdentityProfile>>) =>
  Layer.effect(
    IdentityProvider,
    Effect.map(IdentityProfiles, (ref) => ({
      authorizationUrl: (state: string) => `https://idp.test/authorize?state=${encodeURIComponent(state)}`,
      exchange: (code: string) =>
        Effect.flatMap(Ref.get(ref), (map) => {
          const profile = map.get(code)
          return profile === undefined ? Effect.fail(unknownCode(code)) : Effect.succeed(profile)
        })
    }))
  ).pipe(Layer.provideMerge(Layer.effect(IdentityProfiles, Ref.make<ReadonlyMap<string, IdentityProfile>>(new Map(Object.entries(profiles))))))

/** Everything the fake game platform was sent, in order. */
export class PlatformCalls extends Context.Tag("test/PlatformCalls")<
  PlatformCalls,
  {
    readonly authorizations: Array<{ readonly state: string; readonly codeChallenge: string }>
    readonly exchanges: Array<{ readonly code: string; readonly codeVerifier: string }>
  }
>() {}

const FakePlatformProvider = (profiles: Readonly<Record<string, PlatformProfile>>) =>
  Layer.effect(
    PlatformProvider,
    Effect.map(PlatformCalls, (calls) => ({
      available: true,
      authorizationUrl: (state: string, codeChallenge: string) => {
        calls.authorizations.push({ state, codeChallenge })
        return `https://platform.test/authorize?state=${encodeURIComponent(state)}&code_challenge=${codeChallenge}`
      },
      exchange: (code: string, codeVerifier: string) =>
        Effect.suspend(() => {
          calls.exchanges.push({ code, codeVerifier })
          const profile = profiles[code]
          return profile === undefined ? Effect.fail(unknownCode(code)) : Effect.succeed(profile)
        })
    }))
  ).pipe(Layer.provideMerge(Layer.sync(PlatformCalls, () => ({ authorizations: [], exchanges: [] }))))

// ---------------------------------------------------------------------------
// The whole test world
// ---------------------------------------------------------------------------

/** Identity-provider profiles known to every test, by authorization code. */
export const PROFILES = {
  alice: { id: "idp-alice", username: "alice", displayName: "Alice", avatar: null },
  bob: { id: "idp-bob", username: "bob", displayName: "Bob", avatar: "bob.png" },
  carol: { id: "idp-carol", username: "carol", displayName: "Carol", avatar: null },
  admin: { id: "idp-admin", username: "root", displayName: "Root", avatar: null }
} as const satisfies Record<string, IdentityProfile>

/** Game-platform profiles, by authorization code. */
export const PLATFORM_PROFILES = {
  "platform-p1": { id: "p1", username: "PlayerOne" },
  "platform-p2": { id: "p2", username: "PlayerTwo" },
  /** A username no one should have to store or show. */
  "platform-dirty": { id: "p3", username: "\u0000Player\u202e\nThree\ud800" },
  /** An id that cannot be a key. */
  "platform-bad-id": { id: "p\u00004", username: "PlayerFour" }
} as const satisfies Record<string, PlatformProfile>

export interface TestOptions {
  /** Identity ids listed as administrators; `["idp-admin"]` unless given. */
  readonly adminIdentityIds?: ReadonlyArray<string>
  /** The developer password at the start; unset unless given. */
  readonly developerPassword?: string | null
}

/** The ports the in-memory set does not cover. */
const fakePorts = (options: TestOptions) =>
  Layer.mergeAll(
    TestTokens,
    testAccessSettings(options.adminIdentityIds ?? [PROFILES.admin.id], options.developerPassword ?? null),
    TestRateLimiters,
    FakeIdentityProvider(PROFILES),
    FakePlatformProvider(PLATFORM_PROFILES)
  )

/** Every port a use case needs: the in-memory ones from `@bluelight/core/testing` and the fakes above. */
export const testPorts = (options: TestOptions = {}) => Layer.merge(fakePorts(options), InMemoryPorts)

/** The same, but every audit write fails (to prove that a change rolls back with its audit entry). */
export const failingAuditPorts = (options: TestOptions = {}) =>
  Layer.merge(
    fakePorts(options),
    Layer.mergeAll(
      InMemoryTransactor,
      FailingAuditLog,
      SessionRecordsFromRepositories.pipe(Layer.provideMerge(InMemoryIdentityRepositories))
    ).pipe(
      Layer.provideMerge(SequentialIds),
      Layer.provideMerge(InMemoryDatabase.layer)
    )
  )

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

/** Browser sign-in from start to finish with a known code; the bound state is the one just started. */
export const signIn = (code: keyof typeof PROFILES | (string & {}), previousSessionToken?: string) =>
  Effect.gen(function*() {
    const { state } = yield* startSignIn
    return yield* completeSignIn({ state, boundState: state, code, previousSessionToken })
  })

/** Every identity table and the audit log, as stored now. */
export const readTables = Effect.flatMap(InMemoryDatabase, (db) =>
  Effect.all({
    accounts: db.rows<Account>(ACCOUNTS_TABLE),
    sessions: db.rows<Session>(SESSIONS_TABLE),
    signInStates: db.rows<SignInState>(SIGN_IN_STATES_TABLE),
    roles: db.rows<Role>(ROLES_TABLE),
    staffProfiles: db.rows<StaffProfile>(STAFF_PROFILES_TABLE),
    serviceCredentials: db.rows<ServiceCredential>(SERVICE_CREDENTIALS_TABLE),
    audit: db.rows<AuditEntry>(AUDIT_TABLE)
  }))

/** The audit actions recorded so far, oldest first. */
export const auditActions = Effect.map(readTables, (tables) => tables.audit.map((entry) => entry.action))

const EPOCH = DateTime.unsafeMake(0)

/** A minimal active account, for the pure rules. */
export const anAccount = (overrides: Partial<Account> = {}): Account => ({
  id: AccountId.make("account-1"),
  displayName: "Someone",
  status: "ACTIVE",
  identity: { id: "idp-someone", username: "someone", avatar: null },
  platform: null,
  createdAt: EPOCH,
  updatedAt: EPOCH,
  ...overrides
})

export const aSession = (overrides: Partial<Session> = {}): Session => ({
  id: SessionId.make("session-1"),
  accountId: AccountId.make("account-1"),
  tokenHash: "hash",
  createdAt: EPOCH,
  expiresAt: DateTime.unsafeMake(7 * 24 * 3600 * 1000),
  revokedAt: null,
  revokedReason: null,
  developerAccess: false,
  ...overrides
})

/** A signed-in person holding exactly `permissions` (the use cases only look at the set, the account and the session). */
export const aUserCaller = (permissions: ReadonlyArray<Permission>, account: Account = anAccount()): UserCaller => ({
  _tag: "User",
  account,
  session: aSession({ accountId: account.id }),
  staff: null,
  roles: [],
  permissions: new Set(permissions),
  developerAccess: false
})
