import { Link, useLocation, useSearch } from "wouter"
import { pnc as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { Pager } from "../ui/Pager.js"
import { Time } from "../ui/Time.js"
import { historyDetail, historyTypeText } from "./historyText.js"
import { HISTORY_LIMIT, type HistoryEntry, type HistorySubject, useHistory, usePncPerson, usePncVehicle } from "./queries.js"

const actorText = (actor: HistoryEntry["actor"]): string =>
  "displayName" in actor ? actor.displayName : "serviceId" in actor ? words.service(actor.serviceId) : words.theOwner

/** The page's offset from the address (`?offset=`): a whole number of pages, else the first. */
export const offsetOf = (search: string): number => {
  const offset = Number(new URLSearchParams(search).get("offset") ?? "0")
  return Number.isInteger(offset) && offset > 0 && offset % HISTORY_LIMIT === 0 ? offset : 0
}

/** Whose history this is, in words (and the refusal when their record cannot be read). */
const useSubject = (subject: HistorySubject): { readonly name: string | undefined; readonly error: Error | null } => {
  const person = usePncPerson(subject.kind === "person" ? subject.id : null)
  const vehicle = usePncVehicle(subject.kind === "vehicle" ? subject.id : null)
  return subject.kind === "person" ? { name: person.data?.fullName, error: person.error } : { name: vehicle.data?.plate, error: vehicle.error }
}

/**
 * The PNC history of a person or a vehicle (`…/history`), newest first, a page at a time (the
 * page in the address, so it can be shared): when, what, who, and what changed in words.
 */
export const HistoryPage = ({ subject }: { readonly subject: HistorySubject }) => {
  const [, navigate] = useLocation()
  const offset = offsetOf(useSearch())
  const history = useHistory(subject, offset)
  const { name, error } = useSubject(subject)
  const base = subject.kind === "person" ? `/people/${subject.id}` : `/vehicles/${subject.id}`
  const go = (to: number) => navigate(to === 0 ? `${base}/history` : `${base}/history?offset=${to}`)
  const entries = history.data?.entries ?? []
  return (
    <article className="pnc-history" aria-labelledby="pnc-history-title">
      <header className="pnc-record-head">
        <h1 id="pnc-history-title">{words.historyOf(name ?? "…")}</h1>
        <Link href={base}>{words.backToRecord(name ?? words.details)}</Link>
      </header>
      <FormProblem failure={error ?? history.error} />
      {history.data === undefined ? history.error === null && <p className="muted" role="status">{words.loading}</p> :
        (
          <section className="panel" aria-label={words.history}>
            <p role="status" aria-live="polite" className="muted">
              {entries.length === 0 ? words.noHistory : words.page(offset + 1, offset + entries.length)}
            </p>
            {entries.length > 0 && (
              <div className="pnc-scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{words.when}</th>
                      <th scope="col">{words.what}</th>
                      <th scope="col">{words.who}</th>
                      <th scope="col">{words.detail}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {entries.map((entry) => (
                      <tr key={entry.id}>
                        <td className="pnc-nowrap">
                          <Time at={entry.at} />
                        </td>
                        <td>{historyTypeText(entry.type)}</td>
                        <td>{actorText(entry.actor)}</td>
                        <td>{historyDetail(entry)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pager
              offset={offset}
              size={HISTORY_LIMIT}
              shown={entries.length}
              hasMore={history.data.more}
              label={words.history}
              words={{ previous: words.newer, next: words.older }}
              onMove={go}
            />
          </section>
        )}
    </article>
  )
}
