import { Schema } from "effect"
import { AccountId } from "./ids.js"
import { Id, OneOf, Timestamp } from "../kernel/index.js"

/** `SUSPENDED` and `DISABLED` accounts cannot act; suspending or disabling revokes their sessions. */
export const AccountStatus = OneOf("ACTIVE", "SUSPENDED", "DISABLED")
export type AccountStatus = typeof AccountStatus.Type

/** The identity-provider account a person signs in with. */
export const IdentityLink = Schema.Struct({
  id: Schema.String,
  username: Schema.String,
  avatar: Schema.NullOr(Schema.String)
}).annotate({ identifier: "IdentityLink" })
export type IdentityLink = typeof IdentityLink.Type

/** The game-platform account linked to a person (one each way). */
export const PlatformLink = Schema.Struct({
  id: Schema.String,
  username: Schema.String
}).annotate({ identifier: "PlatformLink" })
export type PlatformLink = typeof PlatformLink.Type

export const Account = Schema.Struct({
  id: AccountId,
  displayName: Schema.String,
  status: AccountStatus,
  identity: IdentityLink,
  platform: Schema.NullOr(PlatformLink),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotate({ identifier: "Account" })
export type Account = typeof Account.Type

/** A person as other records name them: their account and display name. */
export const Person = Schema.Struct({ id: AccountId, displayName: Schema.String }).annotate({ identifier: "Person" })
export type Person = typeof Person.Type

/**
 * A service credential as the histories name the one that acted (CAD's and
 * the PNC's): one schema for both, so that the API description has one
 * `ServiceActor` (two schemas with one identifier would be two components).
 */
export const ServiceActor = Schema.Struct({ serviceId: Id }).annotate({ identifier: "ServiceActor" })
export type ServiceActor = typeof ServiceActor.Type

/** What the identity provider says about a person at sign-in. */
export interface IdentityProfile {
  readonly id: string
  readonly username: string
  /** `global_name ?? username`. */
  readonly displayName: string
  readonly avatar: string | null
}

/** What the game platform says about a person when they link it. */
export interface PlatformProfile {
  readonly id: string
  readonly username: string
}
