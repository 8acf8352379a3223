import { EntityId } from "../kernel/index.js"

/**
 * The ids of identity's entities: each the API's `Id`, branded, so an account
 * id cannot stand where a session id is expected. Decoded at the edge (path
 * parameters, body fields, stored rows); new ones come from `newId`.
 * Identity-provider and platform ids are the providers' own strings, not ours.
 */
export const AccountId = EntityId("AccountId")
export type AccountId = typeof AccountId.Type

export const RoleId = EntityId("RoleId")
export type RoleId = typeof RoleId.Type

export const StaffProfileId = EntityId("StaffProfileId")
export type StaffProfileId = typeof StaffProfileId.Type

export const SessionId = EntityId("SessionId")
export type SessionId = typeof SessionId.Type

export const ServiceCredentialId = EntityId("ServiceCredentialId")
export type ServiceCredentialId = typeof ServiceCredentialId.Type

export const RoleLinkId = EntityId("RoleLinkId")
export type RoleLinkId = typeof RoleLinkId.Type
