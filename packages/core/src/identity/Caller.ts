import type { Actor } from "../kernel/index.js"
import type { Account } from "./Account.js"
import type { Role } from "./Role.js"
import type { ServiceCredential } from "./ServiceCredential.js"
import type { Session } from "./Session.js"
import type { StaffProfile } from "./StaffProfile.js"
import type { Permission } from "./permissions.js"

/** A person signed in through the browser. */
export interface UserCaller {
  readonly _tag: "User"
  readonly account: Account
  readonly session: Session
  /** The staff profile as stored, active or not. */
  readonly staff: StaffProfile | null
  /** The staff roles that count now (none while the profile is inactive). */
  readonly roles: ReadonlyArray<Role>
  readonly permissions: ReadonlySet<Permission>
  /** Developer Access is on for this session and the feature is configured. */
  readonly developerAccess: boolean
}

/** A community integration holding a service credential. */
export interface ServiceCaller {
  readonly _tag: "Service"
  readonly credential: ServiceCredential
  readonly permissions: ReadonlySet<Permission>
}

export type Caller = UserCaller | ServiceCaller

/** How the audit log names who acted: a person by account id, a credential by its id. */
export const actorOf = (caller: Caller): Actor =>
  caller._tag === "User" ? { type: "user", id: caller.account.id } : { type: "service", id: caller.credential.id }

/** Active staff: a staff profile that is active, on an active account. */
export const isActiveStaff = (caller: Caller): caller is UserCaller & { readonly staff: StaffProfile } =>
  caller._tag === "User" && caller.staff !== null && caller.staff.active && caller.account.status === "ACTIVE"
