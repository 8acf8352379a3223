import { ProviderRoleId, RoleId } from "@bluelight/core/identity"
import { useQueryClient } from "@tanstack/react-query"
import { Schema } from "effect"
import { checkBody } from "../../api/checkBody.js"
import { refusalAtField } from "../../api/refusalAtField.js"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { useFields, withHint } from "../../ui/useFields.js"
import { createRoleLink, isLinkable, type Role, type RoleLinkBody, roleLinkKeys, useRoles } from "./queries.js"

const words = adminIntegrations.roleLinks

/** The refusals without `details`, each at its field: the pair exists (the provider role's), the role administers (the role's). */
const PLACES = { ROLE_LINK_EXISTS: ["providerRoleId"], ROLE_NOT_LINKABLE: ["roleId"] }

/** The API's rules of a link (the core's), checked before sending. */
const checkLink = checkBody(Schema.Struct({ providerRoleId: ProviderRoleId, roleId: RoleId }), adminIntegrations.fixFields)

const roleLabel = (role: Role) => (isLinkable(role) ? role.name : words.notLinkable(role.name))

/** A new link: a provider role id and a Bluelight role (those that administer shown, not offered). */
export const RoleLinkForm = ({ onCreated }: { readonly onCreated: (message: string) => void }) => {
  const roles = useRoles()
  const queries = useQueryClient()
  const { id, fields, setFields, failure, setFailure, busy, setBusy, field, problems } = useFields({ providerRoleId: "", roleId: "" })
  const hint = `${id}-hint`
  return (
    <form
      className="integr-form panel"
      aria-label={words.newLink}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const body = { providerRoleId: fields.providerRoleId.trim(), roleId: fields.roleId }
        const refused = checkLink(body)
        if (refused !== null) return setFailure(refused)
        setBusy(true)
        setFailure(null)
        createRoleLink(body as RoleLinkBody).then(
          (link) => {
            setBusy(false)
            setFields({ providerRoleId: "", roleId: "" })
            void queries.invalidateQueries({ queryKey: roleLinkKeys.links, exact: true })
            onCreated(words.created(link.providerRoleId, link.role.name))
          },
          (error: unknown) => {
            setBusy(false)
            setFailure(refusalAtField(error, PLACES))
          }
        )
      }}
    >
      <h3>{words.newLink}</h3>
      <FormProblem failure={failure} shownFields={["providerRoleId", "roleId"]} />
      {roles.error !== null && <p role="alert" className="form-problem">{words.rolesUnavailable(roles.error.message)}</p>}
      <div className="integr-grid">
        <div className="integr-field">
          <label htmlFor={`${id}-providerRoleId`}>{words.providerRoleId}</label>
          <input
            {...withHint(field("providerRoleId"), hint)}
            inputMode="numeric"
            maxLength={32}
            autoComplete="off"
            required
          />
          <small id={hint} className="muted">{words.providerRoleHint}</small>
          {problems("providerRoleId")}
        </div>
        <div className="integr-field">
          <label htmlFor={`${id}-roleId`}>{words.role}</label>
          <select {...field("roleId")} required>
            <option value="" disabled>{words.chooseRole}</option>
            {(roles.data ?? []).map((role) => <option key={role.id} value={role.id} disabled={!isLinkable(role)}>{roleLabel(role)}</option>)}
          </select>
          {problems("roleId")}
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>{words.create}</button>
      </div>
    </form>
  )
}
