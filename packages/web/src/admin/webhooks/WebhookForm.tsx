import { type ReactNode, useState } from "react"
import { ApiFailure } from "../../api/failure.js"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { useFields, withHint } from "../../ui/useFields.js"
import { EventChoices } from "./EventChoices.js"
import type { WebhookEvent } from "./queries.js"

const words = adminIntegrations.webhooks
const SHOWN = ["url", "description", "events"]

/** What a subscription's form holds. */
export interface WebhookFormValues {
  readonly url: string
  readonly description: string
  readonly events: ReadonlyArray<WebhookEvent>
}

/**
 * A subscription's target, description and events, to create one or change one: the API's problems
 * beside the fields they name, what was typed kept whatever the answer. `submit` answers the refusal
 * to show, or `null` once it was written.
 */
export const WebhookForm = ({ initial, heading, submitLabel, submit, children }: {
  readonly initial: WebhookFormValues
  readonly heading: string
  readonly submitLabel: string
  readonly submit: (values: WebhookFormValues) => Promise<Error | null>
  readonly children?: ReactNode
}) => {
  const { id, fields, failure, setFailure, busy, setBusy, field, problems } = useFields({ url: initial.url, description: initial.description })
  const [events, setEvents] = useState<ReadonlyArray<WebhookEvent>>(initial.events)
  return (
    <form
      className="integr-form panel"
      aria-label={heading}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setBusy(true)
        void submit({ url: fields.url.trim(), description: fields.description, events }).then((refusal) => {
          setBusy(false)
          setFailure(refusal)
        })
      }}
    >
      <h3>{heading}</h3>
      <FormProblem failure={failure} shownFields={SHOWN} />
      <div className="integr-grid">
        <div className="integr-field wide">
          <label htmlFor={`${id}-url`}>{words.url}</label>
          <input
            {...withHint(field("url"), `${id}-url-hint`)}
            type="url"
            maxLength={2000}
            autoComplete="off"
            required
          />
          <small id={`${id}-url-hint`} className="muted">{words.urlHint}</small>
          {problems("url")}
        </div>
        <div className="integr-field wide">
          <label htmlFor={`${id}-description`}>{words.description}</label>
          <textarea {...field("description")} rows={2} maxLength={500} />
          {problems("description")}
        </div>
        <div className="wide">
          <EventChoices chosen={events} onChange={setEvents} failure={failure instanceof ApiFailure ? failure : null} />
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>{submitLabel}</button>
        {children}
      </div>
    </form>
  )
}
