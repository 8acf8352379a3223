import { Schema } from "effect"
import { Id } from "../kernel/Id.js"
import { Timestamp } from "../kernel/time.js"

/**
 * A staff profile makes an account staff. Its roles count only while the
 * profile and the account are both active.
 */
export const StaffProfile = Schema.Struct({
  id: Id,
  accountId: Id,
  active: Schema.Boolean,
  roleIds: Schema.Array(Id),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({ identifier: "StaffProfile" })
export type StaffProfile = typeof StaffProfile.Type
