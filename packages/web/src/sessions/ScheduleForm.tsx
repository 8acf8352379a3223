import { useId } from "react"
import { ApiFailure } from "../api/failure.js"
import { sessions as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { useFields } from "../ui/useFields.js"
import { useSessionWrites } from "./queries.js"
import { isoFromLocal } from "./tonight.js"

const SHOWN = ["title", "description", "scheduledFor"]

/** What must be there before anything is sent (the API checks the rest and says so beside the field). */
const missing = (title: string, scheduledFor: string | null): ApiFailure | null => {
  const problems = [
    ...(title.trim() === "" ? [{ path: ["title"], message: words.titleRequired }] : []),
    ...(scheduledFor === null ? [{ path: ["scheduledFor"], message: words.timeRequired }] : [])
  ]
  return problems.length === 0 ? null : new ApiFailure("INVALID_INPUT", problems.map((problem) => problem.message).join(" "), problems, problems, undefined)
}

/** Scheduling a session (`sessions.manage`, hosted by me): title, description, a date and time in my zone sent as ISO. */
export const ScheduleForm = () => {
  const title = useId()
  const { schedule } = useSessionWrites()
  const { id, fields, setFields, failure, setFailure, field, problems } = useFields({ title: "", description: "", scheduledFor: "" })
  return (
    <section className="panel sessions-schedule" aria-labelledby={title}>
      <h2 id={title}>{words.schedule}</h2>
      <form
        aria-labelledby={title}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const scheduledFor = isoFromLocal(fields.scheduledFor)
          const local = missing(fields.title, scheduledFor)
          if (local !== null) return setFailure(local)
          setFailure(null)
          schedule.mutate({ title: fields.title, description: fields.description, scheduledFor: scheduledFor! }, {
            onSuccess: () => setFields({ title: "", description: "", scheduledFor: "" }),
            onError: (error) => setFailure(error)
          })
        }}
      >
        <FormProblem failure={failure} shownFields={SHOWN} />
        <div className="field">
          <label htmlFor={`${id}-title`}>{words.sessionTitle}</label>
          <input {...field("title")} maxLength={100} autoComplete="off" />
          {problems("title")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-scheduledFor`}>{words.scheduledFor}</label>
          <input
            {...field("scheduledFor")}
            type="datetime-local"
            aria-describedby={`${id}-when-hint ${field("scheduledFor")["aria-describedby"] ?? ""}`.trim()}
          />
          <p id={`${id}-when-hint`} className="muted">{words.scheduledForHint}</p>
          {problems("scheduledFor")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>{words.description}</label>
          <textarea {...field("description")} rows={3} maxLength={2000} />
          {problems("description")}
        </div>
        <div className="actions">
          <button type="submit" className="primary" disabled={schedule.isPending}>{schedule.isPending ? words.scheduling : words.scheduleButton}</button>
          <span role="status">{schedule.isSuccess && fields.title === "" ? words.scheduled(schedule.data.title) : ""}</span>
        </div>
      </form>
    </section>
  )
}
