import { useId, useState } from "react"
import { staff as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { durationText } from "./duration.js"
import { useShiftSummary, useStaffNames } from "./queries.js"
import { SummaryChart } from "./SummaryChart.js"
import { localDate, summaryChart, summaryRange } from "./summaryChart.js"

/** The shift summary (`shifts.view`): time on shift per person and type over the chosen days, as a chart and a table. */
export const ShiftSummary = ({ mayReadStaff }: { readonly mayReadStaff: boolean }) => {
  const ids = { from: useId(), to: useId(), title: useId() }
  const [typed, setTyped] = useState(() => ({ from: localDate(new Date(), -6), to: localDate(new Date()) }))
  const [range, setRange] = useState(() => summaryRange(typed.from, typed.to))
  const [rangeProblem, setRangeProblem] = useState(false)
  const summary = useShiftSummary(range)
  const names = useStaffNames(mayReadStaff)
  const nameOf = (staffId: string) => names.get(staffId) ?? words.unknownPerson(staffId)
  const rows = summaryChart(summary.data ?? [], nameOf)
  const lines = [...(summary.data ?? [])].filter((line) => line.totalSeconds > 0)
  return (
    <section aria-labelledby={ids.title} className="staff-summary">
      <h2 id={ids.title}>{words.summary}</h2>
      <form
        className="inline-form"
        aria-label={words.summary}
        onSubmit={(event) => {
          event.preventDefault()
          const next = summaryRange(typed.from, typed.to)
          setRangeProblem(next === null)
          if (next !== null) setRange(next)
        }}
      >
        <label htmlFor={ids.from}>{words.from}</label>
        <input id={ids.from} type="date" value={typed.from} required onChange={(event) => setTyped({ ...typed, from: event.target.value })} />
        <label htmlFor={ids.to}>{words.to}</label>
        <input id={ids.to} type="date" value={typed.to} required onChange={(event) => setTyped({ ...typed, to: event.target.value })} />
        <button type="submit" className="primary">{words.show}</button>
      </form>
      {rangeProblem && <p role="alert" className="form-problem">{words.rangeProblem}</p>}
      <FormProblem failure={summary.error} />
      <div aria-live="polite">
        {summary.isPending && range !== null ? <p className="muted" role="status">{words.loading}</p> : rows.length === 0
          ? <p className="muted">{words.noTime}</p>
          : (
            <>
              <SummaryChart rows={rows} />
              <table className="staff-table">
                <caption className="visually-hidden">{words.summary}</caption>
                <thead>
                  <tr>
                    <th scope="col">{words.person}</th>
                    <th scope="col">{words.type}</th>
                    <th scope="col" className="number">{words.totalTime}</th>
                    <th scope="col" className="number">{words.shiftCount}</th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line) => (
                    <tr key={`${line.staffId}-${line.type}`}>
                      <td>{nameOf(line.staffId)}</td>
                      <td>{words.shiftTypes[line.type]}</td>
                      <td className="number">{durationText(line.totalSeconds)}</td>
                      <td className="number">{line.shifts}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
      </div>
    </section>
  )
}
