import { useQueryClient } from "@tanstack/react-query"
import { useId, useState } from "react"
import { Link } from "wouter"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { SecretShownOnce } from "../../ui/SecretShownOnce.js"
import { Time } from "../../ui/Time.js"
import { createWebhook, WEBHOOKS_PAGE, webhookKeys, useWebhooks } from "./queries.js"
import { webhookBody } from "./webhookBody.js"
import { WebhookForm } from "./WebhookForm.js"
import { WebhookState } from "./WebhookState.js"

const words = adminIntegrations.webhooks
const SECRET_WORDS = {
  title: words.secretTitle,
  lead: words.secretLead,
  label: words.secretLabel,
  copy: words.copy,
  copied: words.copied,
  copyFailed: words.copyFailed,
  done: words.secretDone
}

/** What the page holds after a create: the new subscription's address and its secret, until the person is done with it. */
interface JustCreated {
  readonly id: string
  readonly url: string
  readonly secret: string
}

/** `/admin/webhooks`: every subscription, each to its page; a new one, whose secret is shown here once. */
export const WebhookList = () => {
  const webhooks = useWebhooks()
  const queries = useQueryClient()
  const [creating, setCreating] = useState(false)
  const [created, setCreated] = useState<JustCreated | null>(null)
  const title = useId()
  const rows = webhooks.data?.data ?? []
  return (
    <section className="integr-section" aria-labelledby={title}>
      <div className="integr-head">
        <h2 id={title}>{words.title}</h2>
        {!creating && created === null && <button type="button" className="primary" onClick={() => setCreating(true)}>{words.newWebhook}</button>}
      </div>
      <p className="muted">{words.lead}</p>
      {created !== null && (
        <div className="panel">
          <p>
            <Link href={`/${created.id}`}>{words.open(created.url)}</Link>
          </p>
          <SecretShownOnce value={created.secret} words={SECRET_WORDS} onDone={() => setCreated(null)} />
        </div>
      )}
      {creating && (
        <WebhookForm
          initial={{ url: "", description: "", events: [] }}
          heading={words.newWebhook}
          submitLabel={words.create}
          submit={async (values) => {
            const read = webhookBody(values)
            if ("failure" in read) return read.failure
            try {
              const made = await createWebhook(read.body)
              // The secret stays in this page's state alone; the list is read again without it.
              setCreated({ id: made.id, url: made.url, secret: made.secret })
              setCreating(false)
              void queries.invalidateQueries({ queryKey: webhookKeys.list, exact: true })
              return null
            } catch (error) {
              return error instanceof Error ? error : new Error(String(error))
            }
          }}
        >
          <button type="button" onClick={() => setCreating(false)}>{adminIntegrations.cancel}</button>
        </WebhookForm>
      )}
      <FormProblem failure={webhooks.error} />
      {webhooks.isPending && <p className="muted">{adminIntegrations.loading}</p>}
      {webhooks.isSuccess && rows.length === 0 && <p>{words.empty}</p>}
      {rows.length > 0 && (
        <div className="integr-table-wrap">
          <table aria-label={words.listLabel}>
            <thead>
              <tr>
                <th scope="col">{words.columns.url}</th>
                <th scope="col">{words.columns.description}</th>
                <th scope="col">{words.columns.events}</th>
                <th scope="col">{words.columns.state}</th>
                <th scope="col">{words.columns.created}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((webhook) => (
                <tr key={webhook.id}>
                  <th scope="row" className="integr-url">
                    <Link href={`/${webhook.id}`}>{webhook.url}</Link>
                  </th>
                  <td>{webhook.description ?? adminIntegrations.none}</td>
                  <td className="integr-codes">{webhook.events.map((event) => <code key={event}>{event}</code>)}</td>
                  <td>
                    <WebhookState webhook={webhook} />
                  </td>
                  <td>
                    <Time at={webhook.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {webhooks.data?.meta.hasMore === true && <p className="muted">{adminIntegrations.firstOnly(WEBHOOKS_PAGE)}</p>}
    </section>
  )
}
