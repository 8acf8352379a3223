import { Context, Data, type DateTime, type Effect, type Option, type Redacted } from "effect"
import type { Account, AccountStatus, IdentityProfile, PlatformProfile } from "./Account.js"
import type { Caller } from "./Caller.js"
import type { AccountId, RoleId, RoleLinkId, ServiceCredentialId, SessionId, StaffProfileId } from "./ids.js"
import type { RoleLink, RoleLinkView, RoleSyncRun } from "./RoleLink.js"
import type { Role } from "./Role.js"
import type { ServiceCredential } from "./ServiceCredential.js"
import type { Session, SessionRevocation } from "./Session.js"
import type { SignInState } from "./SignInState.js"
import type { StaffMember } from "./StaffMember.js"
import type { StaffProfile } from "./StaffProfile.js"
import type { Page, PageOf } from "../kernel/index.js"

/**
 * Repositories of the identity area. They store and find; the rules live in
 * the use cases. Infrastructure failures are defects. Every write runs inside
 * the caller's `Transactor.transaction`.
 *
 * Read-check-write: a use case that changes a stored record reads it with a
 * `…ForUpdate` finder inside its transaction. That read locks the record until
 * the transaction ends (`SELECT … FOR UPDATE`; the in-memory transactor runs
 * one transaction at a time, so there a plain read is already locked), so the
 * rule is checked on the state the write replaces. What a rule reads besides
 * the record is read with a `…ForShare` finder, so it cannot change before the
 * write commits either. Plain finders are for answering reads.
 */
export class Accounts extends Context.Service<Accounts, {
  readonly findById: (id: AccountId) => Effect.Effect<Option.Option<Account>>
  readonly findByIdentityId: (identityId: string) => Effect.Effect<Option.Option<Account>>
  readonly findByPlatformId: (platformId: string) => Effect.Effect<Option.Option<Account>>
  /** The accounts linked to any of these platform ids (one each at most), in one read: a page of live players. */
  readonly findByPlatformIds: (platformIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<Account>>
  /** The account, locked until the transaction ends: what a change of it checks its rule on. */
  readonly findByIdForUpdate: (id: AccountId) => Effect.Effect<Option.Option<Account>>
  /** The same, found by identity id (sign-in refreshing the account). */
  readonly findByIdentityIdForUpdate: (identityId: string) => Effect.Effect<Option.Option<Account>>
  /** Answers `false`, storing nothing, when an account with the same identity id exists (two first sign-ins racing). */
  readonly insert: (account: Account) => Effect.Effect<boolean>
  /**
   * Replaces the stored account with the same id. Answers `false`, changing
   * nothing, when another account holds its platform id (two links racing);
   * the transaction stays usable.
   */
  readonly update: (account: Account) => Effect.Effect<boolean>
  /** Newest first (then by id); `search` is a case-insensitive part of the display name. */
  readonly list: (filter: { readonly status?: AccountStatus | undefined; readonly search?: string | undefined }, page: Page) => Effect.Effect<PageOf<Account>>
}>()("@bluelight/core/identity/Accounts") {}

export class Sessions extends Context.Service<Sessions, {
  readonly insert: (session: Session) => Effect.Effect<void>
  readonly findByTokenHash: (tokenHash: string) => Effect.Effect<Option.Option<Session>>
  /**
   * Ends a live session (not yet revoked) for `reason`; answers whether it
   * did. One already revoked keeps its time and reason, so two sign-outs
   * racing revoke it once.
   */
  readonly revoke: (id: SessionId, reason: SessionRevocation, at: Session["createdAt"]) => Effect.Effect<boolean>
  /**
   * Gives a live session a new token hash and Developer Access setting, only
   * if it still has `expectedTokenHash` and is not revoked; answers whether it
   * did. A session revoked or rotated meanwhile stays as it is.
   */
  readonly rotate: (
    id: SessionId,
    expectedTokenHash: string,
    change: { readonly tokenHash: string; readonly developerAccess: boolean }
  ) => Effect.Effect<boolean>
  /**
   * Revokes every session of the account still live at `at` (not revoked,
   * not expired) with the reason `account-status`: its account is being
   * suspended or disabled. Sessions that had already ended keep their state.
   */
  readonly revokeAllOf: (accountId: AccountId, at: Session["createdAt"]) => Effect.Effect<void>
}>()("@bluelight/core/identity/Sessions") {}

export class SignInStates extends Context.Service<SignInStates, {
  readonly insert: (state: SignInState) => Effect.Effect<void>
  /**
   * Removes the state and answers it, so that it can be used once: two
   * requests racing with the same state get it at most once between them.
   */
  readonly consume: (stateHash: string) => Effect.Effect<Option.Option<SignInState>>
  /** Forgets the states that expired by `now` (sign-ins started and never finished). */
  readonly purgeExpired: (now: SignInState["createdAt"]) => Effect.Effect<void>
}>()("@bluelight/core/identity/SignInStates") {}

export class Roles extends Context.Service<Roles, {
  /** Every role, by name (roles are few). */
  readonly all: Effect.Effect<ReadonlyArray<Role>>
  /** A page of roles in `compareRolesForListing` order: the built-in ones, then the others newest first. */
  readonly list: (page: Page) => Effect.Effect<PageOf<Role>>
  readonly findById: (id: RoleId) => Effect.Effect<Option.Option<Role>>
  /** The role, locked until the transaction ends: what a change of it checks its rule on. */
  readonly findByIdForUpdate: (id: RoleId) => Effect.Effect<Option.Option<Role>>
  /**
   * The roles with these ids that exist, in no particular order, kept from
   * change until the transaction ends: for a rule that reads their
   * permissions (a concurrent edit of one of them waits for this transaction).
   */
  readonly findByIdsForShare: (ids: ReadonlyArray<RoleId>) => Effect.Effect<ReadonlyArray<Role>>
  /** Finds by name ignoring case and surrounding blanks. */
  readonly findByName: (name: string) => Effect.Effect<Option.Option<Role>>
  /** Answers `false`, storing nothing, when a role with the same name exists (also under a race). */
  readonly insert: (role: Role) => Effect.Effect<boolean>
  /** Answers `false`, changing nothing, when another role has the new name (a rename racing); the transaction stays usable. */
  readonly update: (role: Role) => Effect.Effect<boolean>
}>()("@bluelight/core/identity/Roles") {}

export class StaffProfiles extends Context.Service<StaffProfiles, {
  readonly findById: (id: StaffProfileId) => Effect.Effect<Option.Option<StaffProfile>>
  /** The profile with its roles, locked until the transaction ends: what a change of it checks its rule on. */
  readonly findByIdForUpdate: (id: StaffProfileId) => Effect.Effect<Option.Option<StaffProfile>>
  readonly findByAccountId: (accountId: AccountId) => Effect.Effect<Option.Option<StaffProfile>>
  /** Answers `false`, storing nothing, when the account already has a profile (also under a race). */
  readonly insert: (profile: StaffProfile) => Effect.Effect<boolean>
  readonly update: (profile: StaffProfile) => Effect.Effect<void>
  /**
   * What the role sync checks: every active staff profile of an active
   * account, with the account's identity-provider id, by profile id.
   */
  readonly syncCandidates: Effect.Effect<ReadonlyArray<{ readonly profileId: StaffProfileId; readonly identityId: string }>>
}>()("@bluelight/core/identity/StaffProfiles") {}

/** The role links (docs/decisions/integrations.md, "Roles from the identity provider"). */
export class RoleLinks extends Context.Service<RoleLinks, {
  /** A page of links with their roles' names, oldest first (then by id). */
  readonly list: (page: Page) => Effect.Effect<PageOf<RoleLinkView>>
  /** Every link (links are few): what a sync reads inside each profile's transaction. */
  readonly all: Effect.Effect<ReadonlyArray<RoleLink>>
  /** The link with its role's name, locked until the transaction ends. */
  readonly findByIdForUpdate: (id: RoleLinkId) => Effect.Effect<Option.Option<RoleLinkView>>
  /** Answers `false`, storing nothing, when the same pair is already linked (also under a race); the transaction stays usable. */
  readonly insert: (link: RoleLink) => Effect.Effect<boolean>
  readonly remove: (id: RoleLinkId) => Effect.Effect<void>
}>()("@bluelight/core/identity/RoleLinks") {}

/**
 * The role sync's runs and its lease: one instance at a time runs a sync. A
 * lease is taken by `claim` (free, run out by `now`, or already `holder`'s:
 * then it is renewed to `until`) and given back by `release`. Times are the
 * caller's clock, so a test moves them.
 */
export class RoleSyncRuns extends Context.Service<RoleSyncRuns, {
  readonly claim: (holder: string, now: DateTime.Utc, until: DateTime.Utc) => Effect.Effect<boolean>
  readonly release: (holder: string) => Effect.Effect<void>
  readonly record: (run: RoleSyncRun) => Effect.Effect<void>
  /** The run that finished last, if any. */
  readonly last: Effect.Effect<Option.Option<RoleSyncRun>>
}>()("@bluelight/core/identity/RoleSyncRuns") {}

/** What the identity provider says of a person: a member of the community's server with these provider role ids, or not a member. */
export type MemberRoles =
  | { readonly _tag: "Member"; readonly roles: ReadonlyArray<string> }
  | { readonly _tag: "NotMember" }

/**
 * The provider cannot be read for this person now (5xx, timeout, `429`, an
 * answer that does not parse): nothing is changed for them. After a `429`,
 * `retryAfterSeconds` is how long the provider asked to be left alone.
 */
export class DirectoryUnavailable extends Data.TaggedError("DirectoryUnavailable")<{
  readonly reason: string
  readonly retryAfterSeconds: number | null
}> {}

/**
 * The identity provider's member read, with the community's bot token
 * (`IDP_MEMBER_URL`, `IDP_GUILD_ID`, `IDP_BOT_TOKEN`). `configured` is
 * `false` when those are unset: links can be managed, no sync runs.
 */
export class IdentityProviderDirectory extends Context.Service<IdentityProviderDirectory, {
  readonly configured: boolean
  readonly memberRoles: (identityId: string) => Effect.Effect<MemberRoles, DirectoryUnavailable>
}>()("@bluelight/core/identity/IdentityProviderDirectory") {}

/**
 * The staff directory: staff profiles as people read them (`StaffMember`),
 * each in one read with its account's display name and its roles' names. A
 * profile whose account is missing is a defect (the foreign key forbids it).
 */
export class StaffDirectory extends Context.Service<StaffDirectory, {
  /** Ordered by the account's display name ignoring case, then by profile id. */
  readonly list: (filter: { readonly active?: boolean | undefined }, page: Page) => Effect.Effect<PageOf<StaffMember>>
  readonly findById: (id: StaffProfileId) => Effect.Effect<Option.Option<StaffMember>>
}>()("@bluelight/core/identity/StaffDirectory") {}

export class ServiceCredentials extends Context.Service<ServiceCredentials, {
  readonly insert: (credential: ServiceCredential) => Effect.Effect<void>
  readonly findById: (id: ServiceCredentialId) => Effect.Effect<Option.Option<ServiceCredential>>
  /** The credential, locked until the transaction ends: what a change of it checks its rule on. */
  readonly findByIdForUpdate: (id: ServiceCredentialId) => Effect.Effect<Option.Option<ServiceCredential>>
  readonly findByTokenHash: (tokenHash: string) => Effect.Effect<Option.Option<ServiceCredential>>
  readonly update: (credential: ServiceCredential) => Effect.Effect<void>
  /** Newest first. */
  readonly list: (page: Page) => Effect.Effect<PageOf<ServiceCredential>>
}>()("@bluelight/core/identity/ServiceCredentials") {}

/** Randomness and hashing for tokens; no token is ever stored or logged in the clear. */
export class Tokens extends Context.Service<Tokens, {
  /** `bytes` random bytes from a CSPRNG, base64url without padding. */
  readonly random: (bytes: number) => Effect.Effect<string>
  /**
   * Lower-case hex SHA-256 of the UTF-8 text. An effect, not a plain function:
   * a digest on WebCrypto (Effect's `Digest`, what the kit's `Tokens` use) answers asynchronously.
   */
  readonly sha256: (text: string) => Effect.Effect<string>
  /** The PKCE S256 challenge of a verifier: base64url(SHA-256(verifier)); an effect for the same reason. */
  readonly pkceChallenge: (verifier: string) => Effect.Effect<string>
  /** Compares two secrets in constant time. */
  readonly equalSecrets: (a: string, b: string) => boolean
}>()("@bluelight/core/identity/Tokens") {}

/** The provider failed or refused the exchange (bad code, network, malformed profile). */
export interface ProviderFailure {
  readonly _tag: "ProviderFailure"
  readonly reason: string
}

/** The identity provider (OAuth 2.0 authorization code), or the development one. */
export class IdentityProvider extends Context.Service<IdentityProvider, {
  readonly authorizationUrl: (state: string) => string
  readonly exchange: (code: string) => Effect.Effect<IdentityProfile, ProviderFailure>
}>()("@bluelight/core/identity/IdentityProvider") {}

/** The game platform (OAuth 2.0 authorization code with PKCE S256), or the development one. */
export class PlatformProvider extends Context.Service<PlatformProvider, {
  /** `false` when linking is not configured (production without `PLATFORM_*`). */
  readonly available: boolean
  readonly authorizationUrl: (state: string, codeChallenge: string) => string
  readonly exchange: (code: string, codeVerifier: string) => Effect.Effect<PlatformProfile, ProviderFailure>
}>()("@bluelight/core/identity/PlatformProvider") {}

/** Settings the access rules read. The developer password is read on every use. */
export class AccessSettings extends Context.Service<AccessSettings, {
  readonly adminIdentityIds: ReadonlySet<string>
  readonly developerPassword: Effect.Effect<Option.Option<Redacted.Redacted>>
}>()("@bluelight/core/identity/AccessSettings") {}

/** What a rate limiter decided for one request. */
export interface RateDecision {
  readonly allowed: boolean
  readonly limit: number
  /** Requests left in this window after this one (0 when refused). */
  readonly remaining: number
  /** Seconds until the window ends (at least 1). */
  readonly resetSeconds: number
}

/**
 * Fixed-window counters: `consume` counts one request against `key` in the
 * current window of `windowSeconds` and says whether it fits in `limit`.
 * Shared across instances when backed by Redis.
 */
export class RateLimiter extends Context.Service<RateLimiter, {
  readonly consume: (key: string, limit: number, windowSeconds: number) => Effect.Effect<RateDecision>
}>()("@bluelight/core/identity/RateLimiter") {}

/** The shared attempt log could not be reached (or did not answer in time): nothing was counted. */
export class AttemptCounterUnavailable extends Data.TaggedError("AttemptCounterUnavailable")<{}> {}

/**
 * Attempts at something guessable (a password), counted over a sliding
 * window: `consume` logs one attempt against `key` when fewer than `limit`
 * were logged in the last `windowSeconds`, and says whether it did. A refused
 * attempt is not logged, so at most `limit` attempts ever fall in any window;
 * `resetSeconds` is when the oldest logged attempt leaves it (a place frees).
 *
 * It fails closed: when the shared log cannot be reached it fails with
 * `AttemptCounterUnavailable` instead of counting locally, so that an outage
 * never hands a guesser a fresh allowance per instance.
 */
export class StrictRateLimiter extends Context.Service<StrictRateLimiter, {
  readonly consume: (key: string, limit: number, windowSeconds: number) => Effect.Effect<RateDecision, AttemptCounterUnavailable>
}>()("@bluelight/core/identity/StrictRateLimiter") {}

/** Everything needed to know who a session is and what they may do. */
export interface SessionRecord {
  readonly session: Session
  readonly account: Account
  readonly staff: StaffProfile | null
  readonly memberRole: Role
  /** The roles the staff profile names, in its order (whether or not it is active). */
  readonly staffRoles: ReadonlyArray<Role>
}

/**
 * The read every cookie request makes: the session with its account, staff
 * profile and roles, in one read (one query in Postgres).
 */
export class SessionRecords extends Context.Service<SessionRecords, {
  readonly findByTokenHash: (tokenHash: string) => Effect.Effect<Option.Option<SessionRecord>>
}>()("@bluelight/core/identity/SessionRecords") {}

/**
 * What other contexts end when a staff profile is deactivated, inside the
 * deactivation's transaction (the shifts context ends the profile's active
 * shift, audited). Called with the profile locked, after it is stored inactive.
 */
export class StaffDeactivation extends Context.Service<StaffDeactivation, {
  readonly deactivated: (caller: Caller, profile: StaffProfileId) => Effect.Effect<void>
}>()("@bluelight/core/identity/StaffDeactivation") {}

/**
 * Whose access a committed change may have narrowed: an account's (its
 * sessions, status, staff profile or roles), a credential's, or everyone's (a
 * role's permissions, or more changes than are listed one by one).
 */
export type AccessSubject =
  | { readonly _tag: "Account"; readonly id: AccountId }
  | { readonly _tag: "Credential"; readonly id: ServiceCredentialId }
  | { readonly _tag: "Everyone" }

/**
 * The log of committed changes to who may do what (sessions, accounts, staff
 * profiles and their roles, roles, credentials), numbered by an epoch that
 * grows in commit order without gaps: reading after the last epoch read
 * misses nothing. Infrastructure failures are defects.
 */
export class AccessChanges extends Context.Service<AccessChanges, {
  /** The newest epoch committed (0 with none). */
  readonly latest: Effect.Effect<number>
  /** The subjects of the changes committed after `after`, and the epoch to read after next time. */
  readonly since: (after: number) => Effect.Effect<{ readonly epoch: number; readonly subjects: ReadonlyArray<AccessSubject> }>
}>()("@bluelight/core/identity/AccessChanges") {}
