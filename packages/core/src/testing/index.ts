/**
 * The testing kit: an in-memory implementation or a test double of every
 * port of `@bluelight/core`, and `testPorts`, the one layer that provides
 * them all. Core's own use-case tests run on it, and so can any harness that
 * embeds the core: the real rules, no database, no network.
 */
export { AUDIT_TABLE, auditEntries, AuditLogFailingOn, FailingAuditLog, InMemoryAuditLog, InMemoryAuditQueries } from "./audit.js"
export * from "./cad.js"
export { accessNotChecked, aPerson, aService, aStaffMember, personAccount, staffProfileOf, withDeveloperAccess } from "./callers.js"
export type { PersonOptions, ServiceOptions, StaffMemberOptions } from "./callers.js"
export * from "./civilians.js"
export { advanceClock, setNow } from "./clock.js"
export * from "./game.js"
export * from "./identity.js"
export { InMemoryDatabase } from "./InMemoryDatabase.js"
export { InMemoryTransactor } from "./InMemoryTransactor.js"
export * from "./moderation.js"
export * from "./providers.js"
export * from "./rateLimiters.js"
export * from "./roleSync.js"
export { seedCharacter, seedCrewedUnit, seedStaff } from "./seed.js"
export type { CharacterOptions, CrewedUnitOptions } from "./seed.js"
export { SequentialIds } from "./SequentialIds.js"
export * from "./shifts.js"
export * from "./TestAccessSettings.js"
export * from "./testPorts.js"
export { TestTokens } from "./TestTokens.js"
export * from "./webhooks.js"
