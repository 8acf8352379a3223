import { useRef, useState } from "react"
import type { Me } from "../../app/session.js"
import { AuditLink } from "../../audit/AuditLink.js"
import { admin as words } from "../../strings/index.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { Time } from "../../ui/Time.js"
import { ConfirmDialog } from "../../ui/ConfirmDialog.js"
import { Pager } from "../../ui/Pager.js"
import { StatusBadge } from "../../ui/StatusBadge.js"
import { credentialState, credentialTone } from "./credentialState.js"
import { IssueForm } from "./IssueForm.js"
import { type Credential, type IssuedCredential, useCredentials, useRevokeCredential } from "./queries.js"
import { IssuedToken } from "./IssuedToken.js"

const CredentialRow = ({ credential, onRevoke }: { readonly credential: Credential; readonly onRevoke: () => void }) => {
  const state = credentialState(credential)
  return (
    <tr>
      <th scope="row">{credential.name}</th>
      <td>
        <StatusBadge tone={credentialTone(state)}>{words.credentialState[state] ?? state}</StatusBadge>
      </td>
      <td>
        <div className="scope-list">{credential.scopes.map((scope) => <code key={scope}>{scope}</code>)}</div>
      </td>
      <td>
        <Time at={credential.createdAt} />
      </td>
      <td>
        <Time at={credential.expiresAt} />
      </td>
      <td>
        <div className="row-actions">
          {state === "ACTIVE" && (
            <button type="button" className="danger" onClick={onRevoke} aria-label={`${words.revoke} ${credential.name}`}>{words.revoke}</button>
          )}
          <AuditLink targetId={credential.id} />
        </div>
      </td>
    </tr>
  )
}

/** Service credentials (`/admin/credentials`): the list, a new one (its token shown once), revoking after a confirmation. */
const CredentialsPage = (_: { readonly me: Me }) => {
  const [offset, setOffset] = useState(0)
  const credentials = useCredentials(offset)
  const revoke = useRevokeCredential()
  const [issued, setIssued] = useState<IssuedCredential | null>(null)
  const [issues, setIssues] = useState(0)
  const [revoking, setRevoking] = useState<Credential | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const rows = credentials.data?.data ?? []
  const heading = useRef<HTMLHeadingElement>(null)
  return (
    <section aria-labelledby="credentials-title" className="admin-credentials">
      <h2 id="credentials-title" ref={heading} tabIndex={-1}>{words.credentials}</h2>
      <div aria-live="polite">
        <FormProblem failure={credentials.error ?? revoke.error} />
        {credentials.isPending && <p className="muted" role="status">{words.loading}</p>}
        {credentials.isSuccess && rows.length === 0 && <p className="muted">{words.noCredentials}</p>}
        <p role="status" className="admin-done">{done}</p>
      </div>
      {rows.length > 0 && (
        <table aria-label={words.credentialsTable}>
          <thead>
            <tr>
              <th scope="col">{words.credentialName}</th>
              <th scope="col">{words.status}</th>
              <th scope="col">{words.scopes}</th>
              <th scope="col">{words.issuedAt}</th>
              <th scope="col">{words.expires}</th>
              <th scope="col">
                <span className="visually-hidden">{words.revoke}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((credential) => <CredentialRow key={credential.id} credential={credential} onRevoke={() => setRevoking(credential)} />)}
          </tbody>
        </table>
      )}
      {issued !== null && (
        <IssuedToken
          issued={issued}
          onClose={() => {
            setIssued(null)
            heading.current?.focus()
          }}
        />
      )}
      {credentials.data !== undefined && (
        <Pager
          offset={credentials.data.meta.offset}
          size={credentials.data.meta.limit}
          shown={rows.length}
          hasMore={credentials.data.meta.hasMore}
          label={words.credentialsTable}
          words={words}
          onMove={setOffset}
        />
      )}
      <IssueForm
        key={issues}
        onIssued={(credential) => {
          setDone(null)
          setIssued(credential)
          setIssues((n) => n + 1)
        }}
      />
      {revoking !== null && (
        <ConfirmDialog
          title={words.revokeTitle(revoking.name)}
          confirmLabel={words.revoke}
          cancelLabel={words.cancel}
          busy={revoke.isPending}
          onCancel={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: (credential) => setDone(words.revoked(credential.name)),
              onSettled: () => setRevoking(null)
            })}
        >
          <p>{words.revokeWhy}</p>
        </ConfirmDialog>
      )}
    </section>
  )
}

export default CredentialsPage
