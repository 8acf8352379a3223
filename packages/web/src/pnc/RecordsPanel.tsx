import { Link } from "wouter"
import type { Me } from "../app/session.js"
import { pnc as words } from "../strings/index.js"
import { recordStatusWords, recordTypeWords } from "../strings/pnc.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { Day } from "../ui/Day.js"
import { RecordActions } from "./actions/RecordActions.js"
import { formatPounds } from "../ui/money.js"
import { type PersonId, type PncRecord, usePersonRecords } from "./queries.js"

const STATUS_TONE = { OPEN: "info", CLOSED: "muted", VOID: "muted" } as const

const Charges = ({ charges }: { readonly charges: PncRecord["charges"] }) =>
  charges.length === 0 ? <span className="muted">{words.noCharges}</span> : (
    <ul className="plain">
      {charges.map((charge) => <li key={charge.chargeId}>{words.chargeCount(charge.count, charge.code, charge.title)}</li>)}
    </ul>
  )

const RecordRow = ({ record, me, acts }: { readonly record: PncRecord; readonly me: Me; readonly acts: boolean }) => (
  <tr className={record.status === "VOID" ? "pnc-removed" : undefined}>
    <td className="pnc-mono">{record.reference}</td>
    <td>
      {recordTypeWords[record.type]}
      {!record.disclosed && (
        <>
          <span className="badge muted">{words.undisclosed}</span>
        </>
      )}
    </td>
    <td>
      <strong>{record.title}</strong>
      <div className="muted">{record.location}</div>
      {record.vehicle !== null && <Link href={`/vehicles/${record.vehicle.id}`} className="pnc-plate">{record.vehicle.plate}</Link>}
    </td>
    <td>
      <Day at={record.occurredAt} />
    </td>
    <td>
      <Charges charges={record.charges} />
    </td>
    <td>{record.fineAmount > 0 ? formatPounds(record.fineAmount) : words.noCharges}</td>
    <td>{record.points > 0 ? record.points : words.noCharges}{record.endorsement !== null && <span className="muted">({record.endorsement.code})</span>}</td>
    <td>
      <span className={`badge ${STATUS_TONE[record.status]}`}>{recordStatusWords[record.status]}</span>
      {record.closeReason !== null && <div className="muted">{record.closeReason}</div>}
    </td>
    <td>{record.recordedBy.displayName}</td>
    {acts && (
      <td>
        <RecordActions record={record} me={me} />
      </td>
    )}
  </tr>
)

/**
 * Every record of the person (undisclosed and void ones too), the latest occurrence first: the charges
 * cited, fine, points, status; for `pnc.records.manage`, closing or voiding an open one on its row.
 */
export const RecordsPanel = ({ personId, me }: { readonly personId: PersonId; readonly me: Me }) => {
  const records = usePersonRecords(personId)
  const acts = me.permissions.includes("pnc.records.manage")
  return (
    <section className="panel pnc-wide" aria-labelledby="pnc-records">
      <h2 id="pnc-records">{words.records}</h2>
      {records.error !== null ? <FormProblem failure={records.error} /> :
        records.data === undefined ? <p className="muted" role="status">{words.loading}</p> :
        records.data.records.length === 0 ? <p className="muted">{words.noRecords}</p> : (
          <div className="pnc-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{words.reference}</th>
                  <th scope="col">{words.type}</th>
                  <th scope="col">{words.recordTitle}</th>
                  <th scope="col">{words.occurred}</th>
                  <th scope="col">{words.charges}</th>
                  <th scope="col">{words.fine}</th>
                  <th scope="col">{words.points}</th>
                  <th scope="col">{words.status}</th>
                  <th scope="col">{words.by}</th>
                  {acts && <th scope="col">{words.actions}</th>}
                </tr>
              </thead>
              <tbody>
                {records.data.records.map((record) => <RecordRow key={record.id} record={record} me={me} acts={acts} />)}
              </tbody>
            </table>
            {records.data.more && <p className="muted">{words.moreResults}</p>}
          </div>
        )}
    </section>
  )
}
