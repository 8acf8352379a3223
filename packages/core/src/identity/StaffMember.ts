import { Schema } from "effect"
import { Timestamp } from "../kernel/index.js"
import { Person } from "./Account.js"
import { RoleId, StaffProfileId } from "./ids.js"
import { GrantSource } from "./StaffProfile.js"

/** A staff profile's role as the staff views show it: its id, name and the grant's source (`MANUAL` while a hand grant stays). */
export const StaffRoleRef = Schema.Struct({ id: RoleId, name: Schema.String, source: GrantSource }).annotate({ identifier: "StaffRoleRef" })
export type StaffRoleRef = typeof StaffRoleRef.Type

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
  roles: Schema.Array(StaffRoleRef),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotate({ identifier: "StaffMember" })
export type StaffMember = typeof StaffMember.Type
