import { AUDIT_ACTIONS } from "@bluelight/core/kernel"
import { useId, useState } from "react"
import { audit as words } from "../strings/index.js"
import { type AuditFilters, isoOfLocalInput, localInputOf, NO_FILTERS } from "./auditFilters.js"

const TEXT_FILTERS = [
  { name: "actorId", label: words.actorId },
  { name: "serviceId", label: words.serviceId },
  { name: "targetId", label: words.targetId }
] as const

const TIME_FILTERS = [
  { name: "from", label: words.from },
  { name: "to", label: words.to }
] as const

/** The audit log's filters as typed; applying them is the page's (it puts them in the address). */
export const AuditFilterForm = ({ filters, invalid, onApply }: {
  readonly filters: AuditFilters
  /** Filters the API (or the page) refused, marked at their control. */
  readonly invalid: ReadonlyArray<string>
  readonly onApply: (filters: AuditFilters) => void
}) => {
  const id = useId()
  const [typed, setTyped] = useState<AuditFilters>({ ...filters, from: localInputOf(filters.from), to: localInputOf(filters.to) })
  const actions: ReadonlyArray<string> = filters.action === "" || (AUDIT_ACTIONS as ReadonlyArray<string>).includes(filters.action)
    ? AUDIT_ACTIONS
    : [filters.action, ...AUDIT_ACTIONS]
  const set = (name: keyof AuditFilters) => (event: { readonly target: { readonly value: string } }) => setTyped({ ...typed, [name]: event.target.value })
  return (
    <form
      className="audit-filters panel"
      aria-label={words.filters}
      role="search"
      onSubmit={(event) => {
        event.preventDefault()
        onApply({ ...typed, from: isoOfLocalInput(typed.from), to: isoOfLocalInput(typed.to) })
      }}
    >
      <label htmlFor={`${id}-action`}>
        {words.action}
        <select id={`${id}-action`} value={typed.action} onChange={set("action")} aria-invalid={invalid.includes("action") || undefined}>
          <option value="">{words.anyAction}</option>
          {actions.map((action) => <option key={action} value={action}>{action}</option>)}
        </select>
      </label>
      {TEXT_FILTERS.map(({ name, label }) => (
        <label key={name} htmlFor={`${id}-${name}`}>
          {label}
          <input
            id={`${id}-${name}`}
            value={typed[name]}
            maxLength={100}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={invalid.includes(name) || undefined}
            onChange={set(name)}
          />
        </label>
      ))}
      {TIME_FILTERS.map(({ name, label }) => (
        <label key={name} htmlFor={`${id}-${name}`}>
          {label}
          <input id={`${id}-${name}`} type="datetime-local" value={typed[name]} aria-invalid={invalid.includes(name) || undefined} onChange={set(name)} />
        </label>
      ))}
      <div className="actions">
        <button type="submit" className="primary">{words.apply}</button>
        <button type="button" onClick={() => onApply(NO_FILTERS)}>{words.clear}</button>
      </div>
    </form>
  )
}
