import { staff as words } from "../strings/index.js"
import { StatusBadge } from "../ui/StatusBadge.js"
import type { StaffMember } from "./queries.js"

/** A profile's roles, each with where its grant comes from ("given by hand", "from the chat server"). */
export const RoleBadges = ({ roles }: { readonly roles: StaffMember["roles"] }) => {
  if (roles.length === 0) return <span className="muted">{words.noRoles}</span>
  return (
    <ul className="role-list">
      {roles.map((role) => (
        <li key={role.id} className={`role role-${role.source}`}>
          {role.name} <span className="role-source">({words.source[role.source]})</span>
        </li>
      ))}
    </ul>
  )
}

/** Active or inactive, in a word and a colour. */
export const ActiveBadge = ({ active }: { readonly active: boolean }) => (
  <StatusBadge tone={active ? "ok" : "muted"}>{active ? words.active : words.inactive}</StatusBadge>
)
