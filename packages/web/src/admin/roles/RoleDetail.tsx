import { ADMINISTRATOR_ROLE_ID, MEMBER_ROLE_ID } from "@bluelight/core/identity"
import { useState } from "react"
import { Link, useRouter } from "wouter"
import { AuditLink } from "../../audit/AuditLink.js"
import { admin as words } from "../../strings/index.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { PermissionChecklist } from "../PermissionChecklist.js"
import { type Role, useRoles, useUpdateRole } from "./queries.js"
import { RoleForm } from "./RoleForm.js"

/** The Administrator: shown with every permission, never editable, and why. */
export const AdministratorRole = ({ role }: { readonly role: Role }) => (
  <>
    <p className="admin-note">{words.administratorReadOnly}</p>
    <PermissionChecklist legend={words.permissions} selected={role.permissions} onChange={() => undefined} disabled />
  </>
)

const EditRole = ({ role }: { readonly role: Role }) => {
  const update = useUpdateRole(role.id)
  const [saved, setSaved] = useState<string | null>(null)
  return (
    <>
      {role.id === MEMBER_ROLE_ID && <p className="admin-note">{words.memberNote}</p>}
      <RoleForm
        title={words.editRole(role.name)}
        submit={words.saveRole}
        role={role}
        nameFixed={role.id === MEMBER_ROLE_ID}
        onSubmit={async (input) => {
          setSaved(null)
          const now = await update.mutateAsync(role.id === MEMBER_ROLE_ID ? { ...input, name: role.name } : input)
          setSaved(words.roleSaved(now.name))
        }}
      />
      <p role="status" className="admin-done">{saved}</p>
    </>
  )
}

/** One role (`/admin/roles/{id}`): its form, or the Administrator read-only; a link to its audit entries. */
export const RoleDetail = ({ id }: { readonly id: string }) => {
  const { base } = useRouter()
  const roles = useRoles()
  const role = roles.data?.find((each) => each.id === id)
  return (
    <section className="admin-detail">
      <p>
        <Link href={`~${base}`}>{words.backToRoles}</Link>
      </p>
      <FormProblem failure={roles.error} />
      {roles.isPending && <p className="muted" role="status">{words.loading}</p>}
      {roles.isSuccess && role === undefined && <p role="alert" className="form-problem">{words.noSuchRole}</p>}
      {role !== undefined && (
        <>
          <div className="admin-heading">
            <h2>{role.name}</h2>
            <AuditLink targetId={role.id} />
          </div>
          {role.id === ADMINISTRATOR_ROLE_ID ? <AdministratorRole role={role} /> : <EditRole key={role.id} role={role} />}
        </>
      )}
    </section>
  )
}
