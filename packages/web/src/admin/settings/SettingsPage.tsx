import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useId, useState } from "react"
import { call } from "../../api/client.js"
import { ApiFailure, codeOf } from "../../api/failure.js"
import type { Me } from "../../app/session.js"
import { admin as words } from "../../strings/index.js"
import { FieldProblems, FormProblem } from "../../ui/FieldProblems.js"
import { Time } from "../../ui/Time.js"
import { fieldsOf, type Settings, settingsChange, type SettingsFields } from "./settingsChange.js"

const settingsKey = ["admin", "settings"] as const
const fetchSettings = () => call((api) => api.settings.getSettings({ query: {} })).then((answer) => answer.data)
type SettingsView = Awaited<ReturnType<typeof fetchSettings>>

const NUMBER_FIELDS = [
  { name: "licencePointsThreshold", label: words.licencePointsThreshold, hint: words.licencePointsHint, min: 0, max: 100 },
  { name: "tottingUpSuspensionDays", label: words.tottingUpSuspensionDays, hint: words.tottingUpHint, min: 1, max: 3650 }
] as const

const SettingsForm = ({ shown }: { readonly shown: SettingsView }) => {
  const id = useId()
  const queries = useQueryClient()
  const [typed, setTyped] = useState<SettingsFields>(fieldsOf(shown))
  const [failure, setFailure] = useState<Error | null>(null)
  const [outcome, setOutcome] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (change: Partial<Settings>) => call((api) => api.settings.changeSettings({ payload: change })).then((answer) => answer.data),
    onSuccess: (now) => queries.setQueryData(settingsKey, now)
  })
  const apiFailure = failure instanceof ApiFailure ? failure : null
  const invalid = (name: string) => apiFailure?.problems.some((problem) => problem.path[0] === name) ?? false
  return (
    <form
      className="admin-form panel settings-form"
      aria-label={words.settingsForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setFailure(null)
        setOutcome(null)
        const change = settingsChange(shown, typed)
        if (change instanceof ApiFailure) return setFailure(change)
        save.mutate(change, {
          onSuccess: (now) => {
            setTyped(fieldsOf(now))
            setOutcome(words.settingsSaved)
          },
          onError: (error) => (codeOf(error) === "NO_CHANGE" ? setOutcome(words.noChange) : setFailure(error))
        })
      }}
    >
      <FormProblem failure={failure} shownFields={[...NUMBER_FIELDS.map((each) => each.name), "warrantsNeedApproval"]} />
      {NUMBER_FIELDS.map(({ name, label, hint, min, max }) => (
        <div className="field" key={name}>
          <label htmlFor={`${id}-${name}`}>{label}</label>
          <input
            id={`${id}-${name}`}
            name={name}
            type="number"
            inputMode="numeric"
            min={min}
            max={max}
            value={typed[name]}
            aria-invalid={invalid(name) || undefined}
            aria-describedby={`${id}-${name}-hint${invalid(name) ? ` ${id}-${name}-problems` : ""}`}
            onChange={(event) => setTyped({ ...typed, [name]: event.target.value })}
          />
          <span id={`${id}-${name}-hint`} className="muted">{hint}</span>
          <FieldProblems id={`${id}-${name}-problems`} failure={apiFailure} path={[name]} />
        </div>
      ))}
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            name="warrantsNeedApproval"
            checked={typed.warrantsNeedApproval}
            onChange={(event) => setTyped({ ...typed, warrantsNeedApproval: event.target.checked })}
          />
          {words.warrantsNeedApproval}
        </label>
        <FieldProblems id={`${id}-warrantsNeedApproval-problems`} failure={apiFailure} path={["warrantsNeedApproval"]} />
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={save.isPending}>{words.saveSettings}</button>
        <p role="status" className="admin-done">{outcome}</p>
      </div>
    </form>
  )
}

/** Community settings (`/admin/settings`): totting-up and warrant approval, changed field by field. */
const SettingsPage = (_: { readonly me: Me }) => {
  const settings = useQuery({ queryKey: settingsKey, queryFn: fetchSettings })
  const data = settings.data
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">{words.settings}</h2>
      <FormProblem failure={settings.error} />
      {settings.isPending && <p className="muted" role="status">{words.loading}</p>}
      {data !== undefined && (
        <>
          <p className="muted">
            {data.updatedAt === null || data.updatedBy === null
              ? words.neverChanged
              : (
                <>
                  {words.lastChanged}: <Time at={data.updatedAt} />, {data.updatedBy.displayName}
                </>
              )}
          </p>
          <SettingsForm shown={data} />
        </>
      )}
    </section>
  )
}

export default SettingsPage
