import { useId } from "react"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { Time } from "../../ui/Time.js"
import { byMessage } from "./deliveries.js"
import type { Delivery, DeliveriesAnswer } from "./queries.js"

const words = adminIntegrations.webhooks

const STATUS_CLASS: Record<Delivery["status"], string> = { PENDING: "info", SUCCEEDED: "ok", FAILED: "warn", GAVE_UP: "danger" }

/** An attempt's status, by colour and by word. */
export const DeliveryStatus = ({ status }: { readonly status: Delivery["status"] }) => (
  <span className={`badge ${STATUS_CLASS[status]}`}>{words.statuses[status]}</span>
)

/** The delivery log: each message (newest first) with its attempts — status, response code, error, time, next attempt. */
export const DeliveryLog = ({ answer, error, onRefresh, refreshing }: {
  readonly answer: DeliveriesAnswer | undefined
  readonly error: Error | null
  readonly onRefresh: () => void
  readonly refreshing: boolean
}) => {
  const title = useId()
  const messages = byMessage(answer?.data ?? [])
  return (
    <section className="panel integr-log" aria-labelledby={title}>
      <div className="integr-head">
        <h3 id={title}>{words.log}</h3>
        <button type="button" className="small" onClick={onRefresh} disabled={refreshing}>{words.refresh}</button>
      </div>
      <p className="muted">{words.logLead}</p>
      <FormProblem failure={error} />
      <div aria-live="polite" aria-busy={refreshing}>
        {answer === undefined && error === null && <p className="muted">{adminIntegrations.loading}</p>}
        {answer !== undefined && messages.length === 0 && <p>{words.logEmpty}</p>}
        {messages.map((message) => (
          <div key={message.messageId} className="integr-message">
            <table aria-label={words.messageOf(message.type)}>
              <caption>
                <code>{message.type}</code> <DeliveryStatus status={message.latest.status} /> <span className="muted small">{message.messageId}</span>
              </caption>
              <thead>
                <tr>
                  <th scope="col">{words.attemptColumns.attempt}</th>
                  <th scope="col">{words.attemptColumns.status}</th>
                  <th scope="col">{words.attemptColumns.response}</th>
                  <th scope="col">{words.attemptColumns.error}</th>
                  <th scope="col">{words.attemptColumns.at}</th>
                  <th scope="col">{words.attemptColumns.next}</th>
                </tr>
              </thead>
              <tbody>
                {message.attempts.map((attempt) => (
                  <tr key={attempt.id}>
                    <th scope="row">{attempt.attempt}</th>
                    <td>
                      <DeliveryStatus status={attempt.status} />
                    </td>
                    <td>{attempt.responseStatus ?? <span className="muted">{words.noAnswer}</span>}</td>
                    <td>{attempt.error ?? adminIntegrations.none}</td>
                    <td>
                      <Time at={attempt.createdAt} />
                    </td>
                    <td>{attempt.nextAttemptAt === null ? adminIntegrations.none : <Time at={attempt.nextAttemptAt} />}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
      {answer?.meta.hasMore === true && <p className="muted">{words.logFirstOnly(answer.data.length)}</p>}
    </section>
  )
}
