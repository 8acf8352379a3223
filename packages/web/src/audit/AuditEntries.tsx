import { Link } from "wouter"
import { audit as words } from "../strings/index.js"
import { Time } from "../ui/Time.js"
import { auditHref } from "./auditFilters.js"
import type { AuditEntry } from "./queries.js"

/** What an entry changed, readable: each field of `data` with its value (text as it is, anything else as indented JSON). */
const EntryData = ({ data }: { readonly data: AuditEntry["data"] }) => {
  const fields = Object.entries(data)
  if (fields.length === 0) return <span className="muted">—</span>
  return (
    <details>
      <summary>{words.showData}</summary>
      <dl className="audit-data">
        {fields.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{typeof value === "string" ? value : <pre>{JSON.stringify(value, null, 2)}</pre>}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

const Actor = ({ actor }: { readonly actor: AuditEntry["actor"] }) => {
  const name = actor.name ?? words.unknownActor
  const href = auditHref(actor.type === "service" ? { serviceId: actor.id } : { actorId: actor.id })
  return (
    <>
      <Link href={`~${href}`} title={words.onlyActor(name)}>{name}</Link>
      {actor.type === "service" && <span className="muted">({words.service})</span>}
    </>
  )
}

/** The entries read so far, newest first. */
export const AuditEntries = ({ entries }: { readonly entries: ReadonlyArray<AuditEntry> }) => (
  <table aria-label={words.entries} className="audit-table">
    <thead>
      <tr>
        <th scope="col">{words.at}</th>
        <th scope="col">{words.action}</th>
        <th scope="col">{words.actor}</th>
        <th scope="col">{words.target}</th>
        <th scope="col">{words.data}</th>
      </tr>
    </thead>
    <tbody>
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td>
            <Time at={entry.at} />
          </td>
          <td>
            <code>{entry.action}</code>
          </td>
          <td>
            <Actor actor={entry.actor} />
          </td>
          <td>
            <span className="muted">{entry.targetType}</span>{" "}
            {entry.targetId !== null && (
              <Link href={`~${auditHref({ targetId: entry.targetId })}`} title={words.onlyTarget(entry.targetId)}>
                <code>{entry.targetId}</code>
              </Link>
            )}
          </td>
          <td>
            <EntryData data={entry.data} />
          </td>
        </tr>
      ))}
    </tbody>
  </table>
)
