import { MAX_PERMISSIONS, type Permission, RoleName, RolePermissions } from "@bluelight/core/identity"
import { Schema } from "effect"
import { useState } from "react"
import { ApiFailure } from "../../api/failure.js"
import { admin as words } from "../../strings/index.js"
import { FieldProblems, FormProblem } from "../../ui/FieldProblems.js"
import { checkBody } from "../../api/checkBody.js"
import { useFields } from "../../ui/useFields.js"
import { PermissionChecklist } from "../PermissionChecklist.js"
import type { Role, RoleInput } from "./queries.js"

const SHOWN = ["name", "permissions"]
const checkRole = checkBody(Schema.Struct({ name: RoleName, permissions: RolePermissions }), words.invalidForm)

interface Props {
  readonly title: string
  readonly submit: string
  readonly role?: Role
  /** Whether the name may change (the Member role keeps its own). */
  readonly nameFixed?: boolean
  readonly onSubmit: (input: RoleInput) => Promise<unknown>
}

/** A role's name and its permissions as grouped checkboxes; the API's refusals beside the field they name. */
export const RoleForm = ({ title, submit, role, nameFixed = false, onSubmit }: Props) => {
  const { id, fields, failure, setFailure, busy, setBusy, field, problems } = useFields({ name: role?.name ?? "" })
  const [permissions, setPermissions] = useState<ReadonlyArray<Permission>>(role?.permissions ?? [])
  const apiFailure = failure instanceof ApiFailure ? failure : null
  const permissionProblems = apiFailure?.problems.some((problem) => problem.path[0] === "permissions") ?? false
  return (
    <form
      className="admin-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const input = { name: fields.name.trim(), permissions }
        const refused = checkRole(input)
        setFailure(refused)
        if (refused !== null) return
        setBusy(true)
        onSubmit(input).then(() => setBusy(false), (error: unknown) => {
          setBusy(false)
          setFailure(error instanceof Error ? error : new Error(String(error)))
        })
      }}
    >
      <h3>{title}</h3>
      <FormProblem failure={failure} shownFields={SHOWN} />
      <div className="field">
        <label htmlFor={`${id}-name`}>{words.roleName}</label>
        <input {...field("name")} maxLength={60} required readOnly={nameFixed} aria-readonly={nameFixed || undefined} />
        {problems("name")}
      </div>
      <p className="muted" aria-live="polite">{words.permissionsChosen(permissions.length, MAX_PERMISSIONS)}</p>
      <PermissionChecklist
        legend={words.permissions}
        selected={permissions}
        onChange={setPermissions}
        describedBy={permissionProblems ? `${id}-permissions-problems` : undefined}
      />
      <FieldProblems id={`${id}-permissions-problems`} failure={apiFailure} path={["permissions"]} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>{submit}</button>
      </div>
    </form>
  )
}
