import { Schema } from "effect"
import { AccountId, RoleId, StaffProfileId } from "./ids.js"
import { Timestamp } from "../kernel/time.js"

/**
 * A staff profile makes an account staff. Its roles count only while the
 * profile and the account are both active.
 */
export const StaffProfile = Schema.Struct({
  id: StaffProfileId,
  accountId: AccountId,
  active: Schema.Boolean,
  roleIds: Schema.Array(RoleId),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotate({ identifier: "StaffProfile" })
export type StaffProfile = typeof StaffProfile.Type
