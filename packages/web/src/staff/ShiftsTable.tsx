import { staff as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { Time } from "../ui/Time.js"
import { durationText } from "./duration.js"
import { PAGE, type ShiftFilters, useShiftPage, useShiftWrites } from "./queries.js"
import { Pager } from "../ui/Pager.js"
import { RunningClock } from "./ShiftClock.js"

/**
 * Shifts newest first, with the filters given; an active shift's clock runs. With `shifts.manage`,
 * an active shift of someone else can be ended from its row (mine: from "My shift").
 */
export const ShiftsTable = (
  { filters, offset, onMove, nameOf, mayManage, myStaffId }: {
    readonly filters: ShiftFilters
    readonly offset: number
    readonly onMove: (offset: number) => void
    readonly nameOf: (staffId: string) => string
    readonly mayManage: boolean
    readonly myStaffId: string | undefined
  }
) => {
  const page = useShiftPage(filters, offset)
  const { end } = useShiftWrites()
  const shifts = page.data?.data ?? []
  return (
    <>
      <FormProblem failure={page.error ?? end.error} />
      <div aria-live="polite">
        {page.isPending ? <p className="muted" role="status">{words.loading}</p> :
          shifts.length === 0 ? <p className="muted">{words.noShifts}</p> : (
            <table className="staff-table">
              <caption className="visually-hidden">{words.shifts}</caption>
              <thead>
                <tr>
                  <th scope="col">{words.person}</th>
                  <th scope="col">{words.type}</th>
                  <th scope="col">{words.status}</th>
                  <th scope="col">{words.started}</th>
                  <th scope="col">{words.ended}</th>
                  <th scope="col">{words.duration}</th>
                  <th scope="col">{words.startedBy}</th>
                  {mayManage && (
                    <th scope="col">
                      <span className="visually-hidden">{words.endShift}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {shifts.map((shift) => {
                  const name = nameOf(shift.staffId)
                  return (
                    <tr key={shift.id}>
                      <th scope="row">{name}</th>
                      <td>{words.shiftTypes[shift.type]}</td>
                      <td>
                        <span className={`badge ${shift.status === "ACTIVE" ? "ok" : "muted"}`}>{words.shiftStatus[shift.status]}</span>
                      </td>
                      <td>
                        <Time at={shift.startedAt} />
                      </td>
                      <td>{shift.endedAt === null ? "—" : <Time at={shift.endedAt} />}</td>
                      <td>{shift.status === "ACTIVE" ? <RunningClock startedAt={shift.startedAt} /> : durationText(shift.durationSeconds)}</td>
                      <td>{words.shiftSource[shift.source]}</td>
                      {mayManage && (
                        <td>
                          {shift.status === "ACTIVE" && shift.staffId !== myStaffId && (
                            <button
                              type="button"
                              className="danger"
                              disabled={end.isPending}
                              onClick={() => end.mutate({ id: shift.id, mine: false })}
                            >
                              {words.endTheirShift(name)}
                            </button>
                          )}
                        </td>
                      )}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          )}
      </div>
      {page.data !== undefined && (
        <Pager offset={offset} size={PAGE} shown={shifts.length} hasMore={page.data.meta.hasMore} label={words.shifts} words={words} onMove={onMove} />
      )}
    </>
  )
}
