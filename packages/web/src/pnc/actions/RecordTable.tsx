import type { Me } from "../../app/session.js"
import { pncActions } from "../../strings/pncActions.js"
import { Time } from "../../ui/Time.js"
import type { OfficialPerson } from "../types.js"
import { formatPounds } from "../../ui/money.js"
import { usePersonRecords } from "../queries.js"
import { RecordActions } from "./RecordActions.js"

const words = pncActions.records

const STATUS_TONE = { OPEN: "info", CLOSED: "muted", VOID: "muted" } as const

/** A person's records, the latest first, each with what may be done to it (`RecordActions`). */
export const RecordTable = ({ person, me }: { readonly person: OfficialPerson; readonly me: Me }) => {
  const records = usePersonRecords(person.id)
  if (records.error !== null) return <p role="alert" className="form-problem">{words.loadFailed}: {records.error.message}</p>
  if (records.data === undefined) return <p className="muted" role="status">{pncActions.loading}</p>
  if (records.data.records.length === 0) return <p className="muted">{words.none}</p>
  return (
    <table className="pnc-table">
      <thead>
        <tr>
          <th scope="col">{words.reference}</th>
          <th scope="col">{words.type}</th>
          <th scope="col">{words.title}</th>
          <th scope="col">{words.occurred}</th>
          <th scope="col">{words.penalty}</th>
          <th scope="col">{words.status}</th>
          <th scope="col">{words.actions}</th>
        </tr>
      </thead>
      <tbody>
        {records.data.records.map((record) => (
          <tr key={record.id}>
            <th scope="row">{record.reference}</th>
            <td>{words.types[record.type]}</td>
            <td>
              {record.title}
              {record.charges.length > 0 && <span className="muted"> ({record.charges.map((charge) => charge.count > 1 ? `${charge.code} ×${charge.count}` : charge.code).join(", ")})</span>}
            </td>
            <td><Time at={record.occurredAt} /></td>
            <td>{formatPounds(record.fineAmount)}, {words.pointsOf(record.points)}{record.endorsement !== null && ` (${record.endorsement.code})`}</td>
            <td><span className={`badge ${STATUS_TONE[record.status]}`}>{words.statuses[record.status]}</span></td>
            <td><RecordActions record={record} me={me} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
