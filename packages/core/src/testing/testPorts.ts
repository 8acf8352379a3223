import { Layer } from "effect"
import { type IdentityProfile, makeAccessWatch, type PlatformProfile, SessionRecordsFromRepositories } from "../identity/index.js"
import { LocalStreamSlots, makeCadFeed, NoCadSignals } from "../cad/index.js"
import { InMemoryCadRepositories } from "./cad.js"
import { AuditLogFailingOn, FailingAuditLog, InMemoryAuditLog, InMemoryAuditQueries } from "./audit.js"
import { InMemoryGameEventInbox } from "./game.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"
import { InMemoryCivilianRepositories } from "./civilians.js"
import { InMemoryAccessChanges, InMemoryIdentityRepositories } from "./identity.js"
import { InMemoryShiftsContext } from "./shifts.js"
import { InMemoryTransactor } from "./InMemoryTransactor.js"
import { TestModerationPorts } from "./moderation.js"
import { IDENTITY_PROFILES, PLATFORM_PROFILES, TestIdentityProvider, TestPlatformProvider } from "./providers.js"
import { InMemoryRateLimiter, InMemoryStrictRateLimiter } from "./rateLimiters.js"
import { InMemoryRoleLinks, InMemoryRoleSyncRuns, TestIdentityProviderDirectory } from "./roleSync.js"
import { SequentialIds } from "./SequentialIds.js"
import { TestAccessSettings } from "./TestAccessSettings.js"
import { TestTokens } from "./TestTokens.js"
import { InMemoryWebhooks } from "./webhooks.js"
import type { TargetPolicy } from "../webhooks/index.js"

/** The settings a test varies; everything left out takes the default named beside it. */
export interface TestPortsOptions {
  /** Identity ids that are administrators; `[IDENTITY_PROFILES.admin.id]` unless given. */
  readonly adminIdentityIds?: ReadonlyArray<string>
  /** The developer password at the start (`setDeveloperPassword` changes it); none unless given. */
  readonly developerPassword?: string | null
  /** What the identity provider answers, by authorization code; `IDENTITY_PROFILES` unless given. */
  readonly identityProfiles?: Readonly<Record<string, IdentityProfile>>
  /** What the game platform answers, by authorization code; `PLATFORM_PROFILES` unless given. */
  readonly platformProfiles?: Readonly<Record<string, PlatformProfile>>
  /** Whether platform linking is configured; `true` unless given. */
  readonly platformAvailable?: boolean
  /**
   * `"failing"`: every audit write fails, to prove that a change rolls back with it; `{ failingOn }`: only
   * writes of those actions fail (a later step of a use case). `"in-memory"` unless given.
   */
  readonly auditLog?: "in-memory" | "failing" | { readonly failingOn: ReadonlyArray<string> }
  /** Whether the identity provider's member read is configured (role sync); `true` unless given. */
  readonly roleSyncConfigured?: boolean
  /** How far a live CAD feed subscriber may fall behind before its stream ends; `CAD_FEED_LAG` unless given. */
  readonly cadFeedLag?: number
  /** Which webhook targets may be saved; a development server's (`http:` and loopback allowed) unless given. */
  readonly webhookTargets?: TargetPolicy
}

/**
 * Every port of `@bluelight/core` over one fresh in-memory database, plus the
 * handles a test steers them with (`InMemoryDatabase`, `DeveloperPassword`,
 * `AttemptLog`, `IdentityProfiles`, `PlatformCalls`, `DirectoryAnswers`). Build it afresh for each
 * test (`Effect.provide(testPorts())`) and no state leaks between tests;
 * everything that depends on time reads the Effect `Clock`, so `TestClock`
 * drives it.
 */
export const testPorts = (options: TestPortsOptions = {}) => {
  const outside = Layer.mergeAll(
    TestTokens,
    TestAccessSettings({
      adminIdentityIds: options.adminIdentityIds ?? [IDENTITY_PROFILES.admin.id],
      developerPassword: options.developerPassword ?? null
    }),
    InMemoryRateLimiter,
    InMemoryStrictRateLimiter,
    LocalStreamSlots,
    TestIdentityProvider(options.identityProfiles ?? IDENTITY_PROFILES),
    TestPlatformProvider(options.platformProfiles ?? PLATFORM_PROFILES, options.platformAvailable ?? true),
    TestIdentityProviderDirectory(options.roleSyncConfigured ?? true)
  )
  const auditLog = options.auditLog === "failing"
    ? FailingAuditLog
    : options.auditLog === undefined || options.auditLog === "in-memory"
    ? InMemoryAuditLog
    : AuditLogFailingOn(options.auditLog.failingOn)
  // One layer value, so the shifts' deactivation hook and everyone else share the same outbox.
  const webhooks = InMemoryWebhooks(options.webhookTargets)
  const stored = Layer.mergeAll(
    InMemoryTransactor,
    auditLog,
    InMemoryAuditQueries,
    SessionRecordsFromRepositories.pipe(Layer.provideMerge(InMemoryIdentityRepositories)),
    InMemoryShiftsContext.pipe(Layer.provide(auditLog), Layer.provide(webhooks)),
    TestModerationPorts,
    InMemoryCivilianRepositories,
    InMemoryGameEventInbox,
    InMemoryRoleLinks,
    InMemoryRoleSyncRuns,
    webhooks,
    // No polling: a test runs `AccessWatch.catchUp` where a server would poll.
    makeCadFeed(null, options.cadFeedLag).pipe(
      Layer.provideMerge(InMemoryCadRepositories),
      Layer.provide(NoCadSignals),
      Layer.provideMerge(makeAccessWatch(null).pipe(Layer.provide(InMemoryAccessChanges)))
    )
  ).pipe(
    Layer.provideMerge(SequentialIds),
    Layer.provideMerge(InMemoryDatabase.layer)
  )
  return Layer.merge(outside, stored)
}
