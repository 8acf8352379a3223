/** Records for the identity repository tests, unique per call so tests sharing one database do not see each other's rows. */
import {
  type Account,
  AccountId,
  type Role,
  RoleId,
  type ServiceCredential,
  ServiceCredentialId,
  type Session,
  SessionId,
  type StaffProfile,
  StaffProfileId
} from "@bluelight/core/identity"
import type { IdBrand } from "@bluelight/core/kernel"
import { DateTime } from "effect"

let sequence = 0
/** A unique id (and search token) per call, so tests sharing one database do not see each other's rows. */
export const uid = (prefix: string) => `${prefix}-${(++sequence).toString(36)}-${Math.random().toString(36).slice(2, 8)}`
/** A unique id of the entity `brand` names. */
export const idOf = <A extends string>(brand: IdBrand<A>, prefix: string): A => brand.make(uid(prefix))

export const at = (iso: string) => DateTime.makeUnsafe(iso)
export const T0 = at("2026-01-01T09:00:00.000Z")
export const T1 = at("2026-01-02T09:00:00.000Z")
export const T2 = at("2026-01-03T09:00:00.000Z")
export const T3 = at("2026-01-04T09:00:00.000Z")

export const anAccount = (overrides: Partial<Account> = {}): Account => {
  const id = overrides.id ?? idOf(AccountId, "acc")
  return {
    id,
    displayName: `Person ${id}`,
    status: "ACTIVE",
    identity: { id: `idp-${id}`, username: `user-${id}`, avatar: null },
    platform: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides
  }
}

export const aSession = (accountId: AccountId, overrides: Partial<Session> = {}): Session => ({
  id: idOf(SessionId, "ses"),
  accountId,
  tokenHash: uid("hash"),
  createdAt: T0,
  expiresAt: T3,
  revokedAt: null,
  revokedReason: null,
  developerAccess: false,
  ...overrides
})

export const aCredential = (issuedBy: AccountId, overrides: Partial<ServiceCredential> = {}): ServiceCredential => ({
  id: idOf(ServiceCredentialId, "cred"),
  name: "Dispatch bot",
  tokenHash: uid("hash"),
  scopes: ["cad.view", "cad.dispatch"],
  createdAt: T0,
  expiresAt: T3,
  revokedAt: null,
  issuedBy,
  ...overrides
})

export const aRole = (): Role => ({ id: idOf(RoleId, "role"), name: `Role ${uid("n")}`, permissions: ["staff.view"] })
export const aProfile = (accountId: AccountId, overrides: Partial<StaffProfile> = {}): StaffProfile => ({
  id: idOf(StaffProfileId, "staff"),
  accountId,
  active: true,
  roleIds: [],
  createdAt: T0,
  updatedAt: T0,
  ...overrides
})
