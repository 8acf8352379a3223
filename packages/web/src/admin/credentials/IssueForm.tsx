import { CREDENTIAL_LIFETIME_DAYS, CredentialLifetimeDays, CredentialName, CredentialScopes, type Permission } from "@bluelight/core/identity"
import { Schema } from "effect"
import { useState } from "react"
import { ApiFailure } from "../../api/failure.js"
import { admin as words } from "../../strings/index.js"
import { FieldProblems, FormProblem } from "../../ui/FieldProblems.js"
import { checkBody } from "../../api/checkBody.js"
import { useFields } from "../../ui/useFields.js"
import { PermissionChecklist } from "../PermissionChecklist.js"
import { type IssuedCredential, useIssueCredential } from "./queries.js"

const SHOWN = ["name", "scopes", "lifetimeDays"]
const checkCredential = checkBody(Schema.Struct({ name: CredentialName, scopes: CredentialScopes, lifetimeDays: CredentialLifetimeDays }), words.invalidForm)
/** The keys no credential may hold (the API answers `INVALID_SCOPE`): not offered. */
export const NOT_GRANTABLE: ReadonlyArray<Permission> = ["admin.manage", "staff.manage"]

/** A new service credential: its name, scopes and lifetime; the issued one (with its token) handed to `onIssued`. */
export const IssueForm = ({ onIssued }: { readonly onIssued: (issued: IssuedCredential) => void }) => {
  const issue = useIssueCredential()
  const { id, fields, failure, setFailure, busy, setBusy, field, problems } = useFields({
    name: "",
    lifetimeDays: String(CREDENTIAL_LIFETIME_DAYS.default)
  })
  const [scopes, setScopes] = useState<ReadonlyArray<Permission>>([])
  const apiFailure = failure instanceof ApiFailure ? failure : null
  const scopeProblems = apiFailure?.problems.some((problem) => problem.path[0] === "scopes") ?? false
  return (
    <form
      className="admin-form panel"
      aria-label={words.issueCredential}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const input = { name: fields.name.trim(), scopes, lifetimeDays: fields.lifetimeDays.trim() === "" ? Number.NaN : Number(fields.lifetimeDays) }
        const refused = checkCredential(input)
        setFailure(refused)
        if (refused !== null) return
        setBusy(true)
        issue(input).then((issued) => {
          setBusy(false)
          onIssued(issued)
        }, (error: unknown) => {
          setBusy(false)
          setFailure(error instanceof Error ? error : new Error(String(error)))
        })
      }}
    >
      <h3>{words.issueCredential}</h3>
      <FormProblem failure={failure} shownFields={SHOWN} />
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-name`}>{words.credentialName}</label>
          <input {...field("name")} maxLength={80} required />
          {problems("name")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-lifetimeDays`}>{words.lifetimeDays}</label>
          <input
            {...field("lifetimeDays")}
            type="number"
            inputMode="numeric"
            min={CREDENTIAL_LIFETIME_DAYS.min}
            max={CREDENTIAL_LIFETIME_DAYS.max}
            aria-describedby={`${id}-lifetime-hint ${field("lifetimeDays")["aria-describedby"] ?? ""}`.trim()}
          />
          <span id={`${id}-lifetime-hint`} className="muted">{words.lifetimeHint(CREDENTIAL_LIFETIME_DAYS.min, CREDENTIAL_LIFETIME_DAYS.max)}</span>
          {problems("lifetimeDays")}
        </div>
      </div>
      <PermissionChecklist
        legend={words.scopes}
        selected={scopes}
        onChange={setScopes}
        refused={NOT_GRANTABLE}
        describedBy={scopeProblems ? `${id}-scopes-problems` : undefined}
      />
      <FieldProblems id={`${id}-scopes-problems`} failure={apiFailure} path={["scopes"]} />
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>{words.issue}</button>
      </div>
    </form>
  )
}
