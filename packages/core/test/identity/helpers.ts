/**
 * Helpers shared by the identity use-case tests. The ports they run on are
 * the testing kit's (`testPorts` from `@bluelight/core/testing`); what is here
 * drives the use cases, builds records for the pure rules, and computes what
 * the kit's `Tokens` must answer independently of it (with `node:crypto`, which
 * a test may use and core may not).
 */
import { createHash } from "node:crypto"
import {
  type Account,
  AccountId,
  completeSignIn,
  type Permission,
  type Role,
  type ServiceCredential,
  type Session,
  type SignInState,
  type StaffProfile,
  startSignIn,
  type UserCaller
} from "@bluelight/core/identity"
import {
  ACCOUNTS_TABLE,
  aPerson,
  AUDIT_TABLE,
  type IDENTITY_PROFILES,
  InMemoryDatabase,
  ROLES_TABLE,
  SERVICE_CREDENTIALS_TABLE,
  SESSIONS_TABLE,
  SIGN_IN_STATES_TABLE,
  STAFF_PROFILES_TABLE
} from "@bluelight/core/testing"
import type { AuditEntry } from "@bluelight/core/audit"
import { DateTime, Effect } from "effect"

/** SHA-256 as lower-case hex: what `Tokens.sha256` must answer. */
export const sha256Hex = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex")

/** The PKCE S256 challenge, base64url(SHA-256(verifier)) without padding (RFC 7636). */
export const s256 = (verifier: string): string => createHash("sha256").update(verifier, "utf8").digest("base64url")

/** Browser sign-in from start to finish with a known code; the bound state is the one just started. */
export const signIn = (code: keyof typeof IDENTITY_PROFILES | (string & {}), previousSessionToken?: string) =>
  Effect.gen(function*() {
    const { state } = yield* startSignIn
    return yield* completeSignIn({ state, boundState: state, code, previousSessionToken })
  })

/** Every identity table and the audit log, as stored now. */
export const readTables = InMemoryDatabase.use((db) =>
  Effect.all({
    accounts: db.rows<Account>(ACCOUNTS_TABLE),
    sessions: db.rows<Session>(SESSIONS_TABLE),
    signInStates: db.rows<SignInState>(SIGN_IN_STATES_TABLE),
    roles: db.rows<Role>(ROLES_TABLE),
    staffProfiles: db.rows<StaffProfile>(STAFF_PROFILES_TABLE),
    serviceCredentials: db.rows<ServiceCredential>(SERVICE_CREDENTIALS_TABLE),
    audit: db.rows<AuditEntry>(AUDIT_TABLE)
  })
)

/** The audit actions recorded so far, oldest first. */
export const auditActions = Effect.map(readTables, (tables) => tables.audit.map((entry) => entry.action))

const EPOCH = DateTime.makeUnsafe(0)

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

/**
 * A signed-in person holding exactly `permissions`: the kit's `aPerson`
 * (`@bluelight/core/testing`), kept under this name for the tests that import it.
 */
export const aUserCaller = (permissions: ReadonlyArray<Permission>, account: Account = anAccount()): UserCaller => aPerson({ permissions, account })
