import { ADMINISTRATOR_ROLE_ID, BUILT_IN_ROLE_IDS, type RoleId } from "@bluelight/core/identity"
import { Link } from "wouter"
import { admin as words } from "../../strings/index.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { StatusBadge } from "../../ui/StatusBadge.js"
import { groupPermissions } from "../permissionGroups.js"
import { useRoles } from "./queries.js"

/** The roles: built-in first (as the API lists them), each with its permissions by group. */
export const RoleList = () => {
  const roles = useRoles()
  return (
    <section aria-labelledby="roles-title">
      <div className="admin-heading">
        <h2 id="roles-title">{words.roles}</h2>
        <Link href="/new" className="button primary">{words.newRole}</Link>
      </div>
      <div aria-live="polite">
        <FormProblem failure={roles.error} />
        {roles.isPending && <p className="muted" role="status">{words.loading}</p>}
        {roles.data?.length === 0 && <p className="muted">{words.noRoles}</p>}
      </div>
      {roles.data !== undefined && roles.data.length > 0 && (
        <table aria-label={words.rolesTable}>
          <thead>
            <tr>
              <th scope="col">{words.roleName}</th>
              <th scope="col">{words.permissions}</th>
            </tr>
          </thead>
          <tbody>
            {roles.data.map((role) => (
              <tr key={role.id}>
                <th scope="row">
                  <Link href={`/${role.id}`}>{role.name}</Link>{" "}
                  {BUILT_IN_ROLE_IDS.includes(role.id as RoleId) && <StatusBadge tone="info">{words.builtIn}</StatusBadge>}
                </th>
                <td>
                  {role.id === ADMINISTRATOR_ROLE_ID
                    ? <span className="muted">{words.permissionCount(role.permissions.length)}</span>
                    : groupPermissions(role.permissions).map(({ group, keys }) => (
                      <span key={group} className="permission-summary">
                        <strong>{words.permissionGroup[group] ?? group}</strong> {keys.map((key) => key.slice(group.length + 1)).join(", ")}
                      </span>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
