import { Layer } from "effect"
import { PgAccounts } from "./PgAccounts.js"
import { PgRoleLinks } from "./PgRoleLinks.js"
import { PgRoles } from "./PgRoles.js"
import { PgRoleSyncRuns } from "./PgRoleSyncRuns.js"
import { PgServiceCredentials } from "./PgServiceCredentials.js"
import { PgSessionRecords } from "./PgSessionRecords.js"
import { PgSessions } from "./PgSessions.js"
import { PgSignInStates } from "./PgSignInStates.js"
import { PgStaffDirectory } from "./PgStaffDirectory.js"
import { PgStaffProfiles } from "./PgStaffProfiles.js"

export { NodeTokens } from "./NodeTokens.js"
export { PgAccessChanges } from "./PgAccessChanges.js"
export { PgAccounts } from "./PgAccounts.js"
export { PgRoleLinks } from "./PgRoleLinks.js"
export { PgRoles } from "./PgRoles.js"
export { PgRoleSyncRuns } from "./PgRoleSyncRuns.js"
export { PgServiceCredentials } from "./PgServiceCredentials.js"
export { PgSessionRecords } from "./PgSessionRecords.js"
export { PgSessions } from "./PgSessions.js"
export { PgSignInStates } from "./PgSignInStates.js"
export { PgStaffDirectory } from "./PgStaffDirectory.js"
export { PgStaffProfiles } from "./PgStaffProfiles.js"

/** Every identity repository over the one SQL client. */
export const PgIdentityRepositories = Layer.mergeAll(
  PgAccounts,
  PgSessions,
  PgSessionRecords,
  PgSignInStates,
  PgRoles,
  PgRoleLinks,
  PgRoleSyncRuns,
  PgStaffProfiles,
  PgStaffDirectory,
  PgServiceCredentials
)
