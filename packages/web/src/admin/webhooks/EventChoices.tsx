import { WEBHOOK_EVENT_TYPES } from "@bluelight/core/kernel"
import { useId } from "react"
import type { ApiFailure } from "../../api/failure.js"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { FieldProblems, problemsAt } from "../../ui/FieldProblems.js"
import type { WebhookEvent } from "./queries.js"

const words = adminIntegrations.webhooks

/** The event types a subscription hears, as checkboxes: every type of the API's catalogue, its words and its name. */
export const EventChoices = ({ chosen, onChange, failure }: {
  readonly chosen: ReadonlyArray<WebhookEvent>
  readonly onChange: (events: ReadonlyArray<WebhookEvent>) => void
  readonly failure: ApiFailure | null
}) => {
  const id = useId()
  const invalid = problemsAt(failure, "events").length > 0
  return (
    <fieldset className="integr-events" aria-describedby={invalid ? `${id}-problems` : `${id}-hint`} aria-invalid={invalid || undefined}>
      <legend>{words.events}</legend>
      <small id={`${id}-hint`} className="muted">{words.eventsHint}</small>
      <ul>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <li key={type}>
            <label className="integr-check">
              <input
                type="checkbox"
                name="events"
                value={type}
                checked={chosen.includes(type)}
                onChange={(event) =>
                  onChange(
                    event.target.checked ? WEBHOOK_EVENT_TYPES.filter((each) => each === type || chosen.includes(each)) : chosen.filter((each) => each !== type)
                  )}
              />
              <span>
                {words.eventWords[type]} <code>{type}</code>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <FieldProblems id={`${id}-problems`} failure={failure} path={["events"]} />
    </fieldset>
  )
}
