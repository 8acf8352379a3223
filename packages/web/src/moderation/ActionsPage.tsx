import { useId, useState } from "react"
import { moderation as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { Pager } from "../ui/Pager.js"
import { ActionsTable } from "./ActionsTable.js"
import { ACTIONS_PAGE, type ActionFilters, useActions } from "./queries.js"

const TYPES = ["warn", "kick", "ban"] as const

/** `GET /moderation/actions`: every warning, kick and ban, newest first, narrowed by target and type, a page at a time. */
export const ActionsPage = () => {
  const id = useId()
  const [typed, setTyped] = useState({ targetPlatformId: "", type: "" as ActionFilters["type"] })
  const [filters, setFilters] = useState<ActionFilters>({ targetPlatformId: "", type: "", offset: 0 })
  const actions = useActions(filters)
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{words.actionsTitle}</h2>
      <form
        className="inline-form"
        aria-label={words.filters}
        onSubmit={(event) => {
          event.preventDefault()
          setFilters({ targetPlatformId: typed.targetPlatformId.trim(), type: typed.type, offset: 0 })
        }}
      >
        <label>
          {words.filterTarget}
          <input value={typed.targetPlatformId} maxLength={64} onChange={(event) => setTyped({ ...typed, targetPlatformId: event.target.value })} />
        </label>
        <label>
          {words.filterType}
          <select value={typed.type} onChange={(event) => setTyped({ ...typed, type: event.target.value as ActionFilters["type"] })}>
            <option value="">{words.anyType}</option>
            {TYPES.map((type) => <option key={type} value={type}>{words.kindNouns[type]}</option>)}
          </select>
        </label>
        <button type="submit">{words.apply}</button>
      </form>
      <FormProblem failure={actions.error} />
      <div aria-live="polite">
        {actions.data === undefined ? actions.error === null && <p className="muted" role="status">{words.loading}</p> : (
          <>
            <ActionsTable actions={actions.data.data} caption={words.actionsTitle} showTarget />
            <Pager
              offset={filters.offset}
              size={ACTIONS_PAGE}
              shown={actions.data.data.length}
              hasMore={actions.data.meta.hasMore}
              label={words.actionsTitle}
              words={words}
              onMove={(offset) => setFilters({ ...filters, offset })}
            />
          </>
        )}
      </div>
    </section>
  )
}
