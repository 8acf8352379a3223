import { DateTime } from "effect"
import { Hex } from "effect/encoding"
import {
  type Account,
  AccountId,
  ALL_PERMISSIONS,
  countingRoles,
  type Permission,
  type Role,
  type ServiceCaller,
  ServiceCredentialId,
  SESSION_LIFETIME_SECONDS,
  SessionId,
  type StaffProfile,
  StaffProfileId,
  UNGRANTABLE_SCOPES,
  trusted,
  type UserCaller
} from "../identity/index.js"

/** When the kit's records were made, unless a test says otherwise: the epoch, as the core's own tests use. */
const EPOCH = DateTime.makeUnsafe(0)

/** A name as an id part: lower case, runs of anything else than letters and digits as one `-`. */
const slug = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "someone"

/**
 * The token hash a kit caller's record keeps, in the stored form (at least the 64 hex digits of a
 * SHA-256) and distinct for every record. It is the record's id in hex, not a digest: no token is ever
 * issued for a kit caller (it is handed to the use cases, never authenticated by a token), and the kit's
 * digest (Effect's `Digest`, as `TestTokens` use it) is an effect, where these records are plain values.
 */
const tokenHashOf = (recordId: string): string => Hex.encode(recordId).padEnd(64, "0")

/** An active account called `displayName`, its ids derived from the name (`Alice` is `acc-alice`, identity `idp-alice`). */
export const personAccount = (displayName = "Someone"): Account => ({
  id: AccountId.make(`acc-${slug(displayName)}`),
  displayName,
  status: "ACTIVE",
  identity: { id: `idp-${slug(displayName)}`, username: slug(displayName), avatar: null },
  platform: null,
  createdAt: EPOCH,
  updatedAt: EPOCH
})

/** Who a kit caller is: the account (or one made from `displayName`) and the permissions it holds now. */
export interface PersonOptions {
  readonly permissions: ReadonlyArray<Permission>
  /** Names the account made for the caller (`personAccount`); `Someone` unless given. */
  readonly displayName?: string
  /** The account itself, when the test has one (seeded, or suspended to see a refusal). */
  readonly account?: Account
}

/**
 * A person signed in through the browser, holding exactly `permissions`
 * (the use cases read the set, not the roles behind it). The session is a
 * live one of that account, made when the account was, with a token hash in
 * the stored form derived from its id: everything a tool would otherwise fill
 * by hand, down to `tokenHash` and `revokedReason`.
 */
export const aPerson = (options: PersonOptions): UserCaller => {
  const account = options.account ?? personAccount(options.displayName)
  const sessionId = SessionId.make(`session-${account.id}`)
  return {
    _tag: "User",
    account,
    session: {
      id: sessionId,
      accountId: account.id,
      tokenHash: tokenHashOf(sessionId),
      createdAt: account.createdAt,
      expiresAt: DateTime.add(account.createdAt, { seconds: SESSION_LIFETIME_SECONDS }),
      revokedAt: null,
      revokedReason: null,
      developerAccess: false
    },
    staff: null,
    roles: [],
    permissions: new Set(options.permissions),
    developerAccess: false
  }
}

/** A staff member: a person, and the staff profile that makes them staff. */
export interface StaffMemberOptions extends PersonOptions {
  /** Whether the profile is active (an inactive one holds no staff roles); `true` unless given. */
  readonly active?: boolean
  /** The staff roles, as the rules see them; none unless given (`permissions` is what counts). */
  readonly roles?: ReadonlyArray<Role>
}

/** The staff profile `aStaffMember` gives an account: `staff-` and the account id. */
export const staffProfileOf = (account: Account, options: { readonly active?: boolean; readonly roles?: ReadonlyArray<Role> } = {}): StaffProfile => ({
  id: StaffProfileId.make(`staff-${account.id}`),
  accountId: account.id,
  active: options.active ?? true,
  roleIds: (options.roles ?? []).map((role) => role.id),
  createdAt: account.createdAt,
  updatedAt: account.createdAt
})

/**
 * A signed-in person with a staff profile, active unless `active: false`:
 * the caller the CAD crew, shift and staff rules ask for. Its roles count
 * only while the profile and the account are active, as sign-in counts them. To have the
 * account and profile stored too (the CAD crew directory reads them), seed
 * them with `seedStaff`.
 */
export const aStaffMember = (options: StaffMemberOptions): UserCaller => {
  const person = aPerson(options)
  const staff = staffProfileOf(person.account, options)
  return { ...person, staff, roles: countingRoles({ account: person.account, staff, staffRoles: options.roles ?? [] }) }
}

/** A service credential caller: the scopes it holds, and its name. */
export interface ServiceOptions {
  readonly scopes: ReadonlyArray<Permission>
  /** What the credential is called; `Bot` unless given. Its id is derived from it (`Bot` is `credential-bot`). */
  readonly name?: string
  /** The account that issued the credential; `acc-admin` unless given. */
  readonly issuedBy?: AccountId
}

/**
 * A community integration holding a live service credential with `scopes`
 * (its permissions are exactly those). The scopes a credential can never
 * hold (`UNGRANTABLE_SCOPES`) are refused here as issuing one refuses them,
 * so a harness cannot test a caller the server would never make.
 */
export const aService = (options: ServiceOptions): ServiceCaller => {
  const ungrantable = options.scopes.filter((scope) => UNGRANTABLE_SCOPES.includes(scope))
  if (ungrantable.length > 0) throw new Error(`A service credential cannot hold ${ungrantable.join(", ")}`)
  const name = options.name ?? "Bot"
  const id = ServiceCredentialId.make(`credential-${slug(name)}`)
  return {
    _tag: "Service",
    credential: {
      id,
      name,
      tokenHash: tokenHashOf(id),
      scopes: options.scopes,
      createdAt: EPOCH,
      expiresAt: DateTime.add(EPOCH, { days: 90 }),
      revokedAt: null,
      issuedBy: options.issuedBy ?? AccountId.make("acc-admin")
    },
    permissions: new Set(options.scopes)
  }
}

/**
 * The person with Developer Access on: the session asked for it and (as the
 * caller assumes) the server has a developer password, so they hold every
 * permission, as sign-in would count it. Run with
 * `testPorts({ developerPassword })` where a rule reads the setting again.
 */
export const withDeveloperAccess = (caller: UserCaller): UserCaller => ({
  ...caller,
  session: { ...caller.session, developerAccess: true },
  permissions: new Set(ALL_PERMISSIONS),
  developerAccess: true
})

/**
 * A use-case test's effect with its access proofs taken away (`trusted`):
 * the kit's tests exercise each use case's own rules on the callers they
 * build (the owner of a character, active staff, a refusal inside the use
 * case), while who may call an operation at all is the contract's rule,
 * proved for every operation by the authorization matrix. A harness that
 * acts for real callers admits them instead (`admitted`).
 */
export const accessNotChecked = trusted
