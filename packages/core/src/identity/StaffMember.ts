import { Schema } from "effect"
import { Timestamp } from "../kernel/index.js"
import { Person } from "./Account.js"
import { StaffProfileId } from "./ids.js"
import { RoleRef } from "./Role.js"

/**
 * The staff directory's read model: a staff profile with the person it makes
 * staff and the names of its roles (in the profile's order), as `GET /staff`
 * shows it. The repository answers it in one read; a profile whose account
 * is gone cannot be shown and is a defect, never an empty name.
 */
export const StaffMember = Schema.Struct({
  id: StaffProfileId,
  account: Person,
  active: Schema.Boolean,
  roles: Schema.Array(RoleRef),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotate({ identifier: "StaffMember" })
export type StaffMember = typeof StaffMember.Type
