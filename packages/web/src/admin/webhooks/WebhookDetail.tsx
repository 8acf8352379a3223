import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useId, useState } from "react"
import { Link } from "wouter"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { ConfirmDialog } from "../../ui/ConfirmDialog.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { Time } from "../../ui/Time.js"
import { type AwaitedTest, keepWatching, settledAttempt, TEST_POLL_MS, TEST_WATCH_MS } from "./deliveries.js"
import { DeliveryLog } from "./DeliveryLog.js"
import { changeWebhook, revokeWebhook, sendTest, useDeliveries, useWebhook, type Webhook, webhookKeys } from "./queries.js"
import { webhookChange } from "./webhookBody.js"
import { WebhookForm } from "./WebhookForm.js"
import { WebhookState } from "./WebhookState.js"

const words = adminIntegrations.webhooks

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)))

/** "Send a test", then the log read every second until the test's attempt has an outcome, for 20 seconds at most. */
const useTestWatch = (webhook: Webhook) => {
  const [awaited, setAwaited] = useState<AwaitedTest | null>(null)
  const [expired, setExpired] = useState(false)
  const [failure, setFailure] = useState<Error | null>(null)
  const [sending, setSending] = useState(false)
  const deliveries = useDeliveries(webhook.id, (answer) => (keepWatching(answer?.data, awaited, Date.now()) ? TEST_POLL_MS : false))
  useEffect(() => {
    if (awaited === null) return
    const timer = setTimeout(() => setExpired(true), Math.max(0, awaited.until - Date.now()))
    return () => clearTimeout(timer)
  }, [awaited])
  const send = () => {
    setSending(true)
    setFailure(null)
    setExpired(false)
    sendTest(webhook.id).then(
      (queued) => {
        setAwaited({ messageId: queued.messageId, until: Date.now() + TEST_WATCH_MS })
        void deliveries.refetch()
      },
      (error: unknown) => setFailure(asError(error))
    ).finally(() => setSending(false))
  }
  const settled = awaited === null ? undefined : settledAttempt(deliveries.data?.data, awaited.messageId)
  const progress = awaited === null
    ? ""
    : settled !== undefined
    ? words.testSeen(`${words.statuses[settled.status]}${settled.responseStatus === null ? "" : ` (${settled.responseStatus})`}`)
    : expired
    ? words.testNotYet
    : words.testQueued
  return { deliveries, send, sending, failure, progress }
}

/** A subscription's facts, its moves (pause or resume, change, send a test, delete) and its delivery log. */
const WebhookPage = ({ webhook }: { readonly webhook: Webhook }) => {
  const queries = useQueryClient()
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState("")
  const [failure, setFailure] = useState<Error | null>(null)
  const test = useTestWatch(webhook)
  const title = useId()
  const revoked = webhook.revokedAt !== null

  const written = (changed: Webhook, message: string) => {
    queries.setQueryData(webhookKeys.one(changed.id), changed)
    void queries.invalidateQueries({ queryKey: webhookKeys.list, exact: true })
    setNotice(message)
  }
  const setActive = (active: boolean) => {
    setBusy(true)
    setFailure(null)
    changeWebhook(webhook.id, { active }).then(
      (changed) => written(changed, active ? words.resumed : words.paused),
      (error: unknown) => setFailure(asError(error))
    )
      .finally(() => setBusy(false))
  }

  return (
    <section className="integr-section" aria-labelledby={title}>
      <p>
        <Link href="/">{words.back}</Link>
      </p>
      <div className="integr-head">
        <h2 id={title} className="integr-url">{words.detailHeading}: {webhook.url}</h2>
        <WebhookState webhook={webhook} />
      </div>
      {revoked && <p className="notice warn">{words.revokedNotice}</p>}
      <dl className="facts">
        <dt>{words.facts.description}</dt>
        <dd>{webhook.description ?? adminIntegrations.none}</dd>
        <dt>{words.facts.events}</dt>
        <dd className="integr-codes">{webhook.events.map((event) => <code key={event} title={words.eventWords[event]}>{event}</code>)}</dd>
        <dt>{words.facts.created}</dt>
        <dd>
          <Time at={webhook.createdAt} />
        </dd>
        <dt>{words.facts.updated}</dt>
        <dd>
          <Time at={webhook.updatedAt} />
        </dd>
        {webhook.revokedAt !== null && (
          <>
            <dt>{words.facts.revoked}</dt>
            <dd>
              <Time at={webhook.revokedAt} />
            </dd>
          </>
        )}
      </dl>
      <p role="status" className="integr-status">{notice}</p>
      <FormProblem failure={failure} />
      {!revoked && (
        <div className="actions">
          <button type="button" className="primary" onClick={test.send} disabled={test.sending}>{test.sending ? words.sendingTest : words.sendTest}</button>
          <button type="button" onClick={() => setActive(!webhook.active)} disabled={busy}>{webhook.active ? words.pause : words.resume}</button>
          {!editing && <button type="button" onClick={() => setEditing(true)}>{words.edit}</button>}
          <button type="button" className="danger" onClick={() => setConfirming(true)}>{words.revoke}</button>
        </div>
      )}
      <p aria-live="polite" className="integr-status">{test.progress}</p>
      <FormProblem failure={test.failure} />
      {editing && !revoked && (
        <WebhookForm
          initial={{ url: webhook.url, description: webhook.description ?? "", events: webhook.events }}
          heading={words.editHeading}
          submitLabel={adminIntegrations.save}
          submit={async (values) => {
            const change = webhookChange(webhook, values)
            if ("failure" in change) return change.failure
            try {
              written(await changeWebhook(webhook.id, change.body), adminIntegrations.saved)
              setEditing(false)
              return null
            } catch (error) {
              return asError(error)
            }
          }}
        >
          <button type="button" onClick={() => setEditing(false)}>{adminIntegrations.cancel}</button>
        </WebhookForm>
      )}
      <DeliveryLog
        answer={test.deliveries.data}
        error={test.deliveries.error}
        refreshing={test.deliveries.isFetching}
        onRefresh={() => void test.deliveries.refetch()}
      />
      {confirming && (
        <ConfirmDialog
          title={words.confirmRevoke(webhook.url)}
          confirmLabel={words.revoke}
          cancelLabel={adminIntegrations.cancel}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setBusy(true)
            revokeWebhook(webhook.id).then(
              (revokedNow) => {
                setConfirming(false)
                setEditing(false)
                written(revokedNow, words.deleted)
              },
              (error: unknown) => {
                setConfirming(false)
                setFailure(asError(error))
              }
            ).finally(() => setBusy(false))
          }}
        >
          <p>{words.confirmRevokeLead}</p>
        </ConfirmDialog>
      )}
    </section>
  )
}

/** `/admin/webhooks/{id}`: the subscription found in the list (the API has no read of one), or that there is none. */
export const WebhookDetail = ({ id }: { readonly id: string }) => {
  const webhook = useWebhook(id)
  if (webhook.isPending) return <p className="muted" role="status">{adminIntegrations.loading}</p>
  if (webhook.error !== null) return <FormProblem failure={webhook.error} />
  if (webhook.data === null) {
    return (
      <section className="integr-section">
        <p>
          <Link href="/">{words.back}</Link>
        </p>
        <p role="alert">{words.notFound}</p>
      </section>
    )
  }
  return <WebhookPage webhook={webhook.data} />
}
