import { useQueryClient } from "@tanstack/react-query"
import { useId, useState } from "react"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { Time } from "../../ui/Time.js"
import { roleLinkKeys, runRoleSync, useRoleSync } from "./queries.js"

const words = adminIntegrations.roleLinks.sync

type Outcome = { readonly kind: "done"; readonly text: string } | { readonly kind: "refused"; readonly error: Error }

/** The role sync: configured or not (as the API says), its last run with its counts, and "Sync now" with what it did. */
export const RoleSyncPanel = () => {
  const sync = useRoleSync()
  const queries = useQueryClient()
  const [running, setRunning] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const title = useId()
  const run = sync.data?.lastRun ?? null
  return (
    <section className="panel integr-sync" aria-labelledby={title}>
      <h3 id={title}>{words.title}</h3>
      {sync.isPending && <p className="muted">{adminIntegrations.loading}</p>}
      <FormProblem failure={sync.error} />
      {sync.data !== undefined && (
        <>
          <p className={sync.data.configured ? undefined : "notice warn"}>{sync.data.configured ? words.configured : words.notConfigured}</p>
          {run === null ? <p className="muted">{words.never}</p> : (
            <dl className="facts" aria-label={words.lastRun}>
              <dt>{words.lastRun}</dt>
              <dd>
                <span className={`badge ${run.failed === 0 ? "ok" : "warn"}`}>{words.outcome(run.failed)}</span> <Time at={run.finishedAt} />
              </dd>
              <dt>{words.started}</dt>
              <dd>
                <Time at={run.startedAt} /> ({words.trigger} {words.triggers[run.trigger]})
              </dd>
              <dt>{words.checked}</dt>
              <dd>{run.checked}</dd>
              <dt>{words.changed}</dt>
              <dd>{run.changed}</dd>
              <dt>{words.failed}</dt>
              <dd>{run.failed}</dd>
            </dl>
          )}
        </>
      )}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={running}
          onClick={() => {
            setRunning(true)
            setOutcome(null)
            runRoleSync().then(
              (result) => setOutcome({ kind: "done", text: words.result(result.checked, result.changed, result.failed) }),
              (error: unknown) => setOutcome({ kind: "refused", error: error instanceof Error ? error : new Error(String(error)) })
            ).finally(() => {
              setRunning(false)
              void queries.invalidateQueries({ queryKey: roleLinkKeys.sync })
            })
          }}
        >
          {running ? words.syncing : words.syncNow}
        </button>
      </div>
      <div aria-live="polite">
        {outcome?.kind === "done" && <p className="badge ok integr-flash">{outcome.text}</p>}
      </div>
      {outcome?.kind === "refused" && <FormProblem failure={new Error(words.refused(outcome.error.message))} />}
    </section>
  )
}
