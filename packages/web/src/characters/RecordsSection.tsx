import { characters as words } from "../strings/index.js"
import { Day } from "./Day.js"
import { ScrollTable } from "./ScrollTable.js"
import { formatFine } from "./format.js"
import type { Character } from "./queries.js"

type DisclosedRecord = Character["records"][number]

const STATUS_TONE: Readonly<Record<DisclosedRecord["status"], string>> = { OPEN: "warn", CLOSED: "muted", VOID: "muted" }

/**
 * The records disclosed to the character's owner, as the API gives them: never the undisclosed
 * (intelligence) ones, never who recorded them; the API hides those, this shows what it gives.
 */
export const RecordsSection = ({ records }: { readonly records: ReadonlyArray<DisclosedRecord> }) => (
  <section className="panel chars-section" aria-labelledby="chars-records">
    <h2 id="chars-records">{words.records}</h2>
    <p className="muted">{words.recordsLead}</p>
    {records.length === 0 ? <p>{words.noRecords}</p> : (
      <ScrollTable label={words.records}>
        <table className="chars-table">
          <caption className="chars-caption">{words.records}</caption>
          <thead>
            <tr>
              <th scope="col">{words.recordColumns.reference}</th>
              <th scope="col">{words.recordColumns.occurredAt}</th>
              <th scope="col">{words.recordColumns.type}</th>
              <th scope="col">{words.recordColumns.title}</th>
              <th scope="col">{words.recordColumns.location}</th>
              <th scope="col" className="chars-number">{words.recordColumns.fine}</th>
              <th scope="col" className="chars-number">{words.recordColumns.points}</th>
              <th scope="col">{words.recordColumns.vehicle}</th>
              <th scope="col">{words.recordColumns.status}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.id}>
                <td className="chars-mono">{record.reference}</td>
                <td>
                  <Day at={record.occurredAt} withTime />
                </td>
                <td>{words.recordTypes[record.type]}</td>
                <th scope="row">
                  {record.title}
                  {record.description !== "" && <span className="chars-description">{record.description}</span>}
                </th>
                <td>{record.location}</td>
                <td className="chars-number">{formatFine(record.fineAmount)}</td>
                <td className="chars-number">{record.points}</td>
                <td className="chars-mono">{record.vehicle === null ? words.noVehicle : record.vehicle.plate}</td>
                <td>
                  <span className={`badge ${STATUS_TONE[record.status]}`}>{words.recordStatuses[record.status]}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    )}
  </section>
)
