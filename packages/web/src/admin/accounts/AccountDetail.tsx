import { useState } from "react"
import { Link, useRouter } from "wouter"
import type { Me } from "../../app/session.js"
import { AuditLink } from "../../audit/AuditLink.js"
import { admin as words } from "../../strings/index.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { Time } from "../../ui/Time.js"
import { ConfirmDialog } from "../../ui/ConfirmDialog.js"
import { StatusBadge } from "../../ui/StatusBadge.js"
import { accountTone } from "./accountStatus.js"
import { type Account, useAccount, useSetAccountStatus } from "./queries.js"

const Facts = ({ account }: { readonly account: Account }) => (
  <dl className="facts">
    <dt>{words.status}</dt>
    <dd>
      <StatusBadge tone={accountTone(account.status)}>{words.accountStatus[account.status] ?? account.status}</StatusBadge>
    </dd>
    <dt>{words.username}</dt>
    <dd>{account.identity.username}</dd>
    <dt>{words.identityId}</dt>
    <dd>
      <code>{account.identity.id}</code>
    </dd>
    <dt>{words.platform}</dt>
    <dd>{account.platform === null ? words.notLinked : `${account.platform.username} (${account.platform.id})`}</dd>
    <dt>{words.created}</dt>
    <dd>
      <Time at={account.createdAt} />
    </dd>
    <dt>{words.updated}</dt>
    <dd>
      <Time at={account.updatedAt} />
    </dd>
  </dl>
)

/** One account (`/admin/accounts/{id}`): who they are, suspended (after a confirmation) or reinstated. */
export const AccountDetail = ({ id, me }: { readonly id: string; readonly me: Me }) => {
  const { base } = useRouter()
  const account = useAccount(id)
  const change = useSetAccountStatus(id)
  const [confirming, setConfirming] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const data = account.data
  const yourself = data?.id === me.id
  return (
    <section className="admin-detail">
      <p>
        <Link href={`~${base}`}>{words.backToAccounts}</Link>
      </p>
      <FormProblem failure={account.error} />
      {account.isPending && <p className="muted" role="status">{words.loading}</p>}
      {data !== undefined && (
        <>
          <h2>{data.displayName}</h2>
          <Facts account={data} />
          <div className="actions">
            {data.status === "ACTIVE"
              ? yourself
                ? <p className="muted">{words.yourself}</p>
                : <button type="button" className="danger" onClick={() => setConfirming(true)}>{words.suspend}</button>
              : (
                <button
                  type="button"
                  className="primary"
                  disabled={change.isPending}
                  onClick={() => change.mutate("ACTIVE", { onSuccess: (now) => setDone(words.reinstated(now.displayName)) })}
                >
                  {words.reinstate}
                </button>
              )}
            <AuditLink targetId={data.id} />
          </div>
          <FormProblem failure={change.error} />
          <p role="status" className="admin-done">{done}</p>
          {confirming && (
            <ConfirmDialog
              title={words.suspendTitle(data.displayName)}
              confirmLabel={words.suspend}
              cancelLabel={words.cancel}
              busy={change.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={() =>
                change.mutate("SUSPENDED", {
                  onSuccess: (now) => setDone(words.suspended(now.displayName)),
                  onSettled: () => setConfirming(false)
                })}
            >
              <p>{words.suspendWhy}</p>
            </ConfirmDialog>
          )}
        </>
      )}
    </section>
  )
}
