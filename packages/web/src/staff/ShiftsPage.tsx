import { useId, useState } from "react"
import { staff as words } from "../strings/index.js"
import { type ShiftFilters, useEveryone, useStaffNames } from "./queries.js"
import { ShiftsTable } from "./ShiftsTable.js"

/** Everyone's shifts (`shifts.view`), filtered by staff member (chosen by name when the directory may be read) and status. */
export const ShiftsPage = (
  { mayReadStaff, mayManage, myStaffId }: { readonly mayReadStaff: boolean; readonly mayManage: boolean; readonly myStaffId: string | undefined }
) => {
  const ids = { title: useId(), staff: useId(), status: useId() }
  const [filters, setFilters] = useState<ShiftFilters>({ staffId: "", status: "" })
  const [offset, setOffset] = useState(0)
  const everyone = useEveryone(mayReadStaff)
  const names = useStaffNames(mayReadStaff)
  const change = (next: ShiftFilters) => {
    setFilters(next)
    setOffset(0)
  }
  return (
    <section aria-labelledby={ids.title}>
      <h2 id={ids.title}>{words.shifts}</h2>
      <div className="inline-form staff-filters">
        {mayReadStaff && (
          <div className="field">
            <label htmlFor={ids.staff}>{words.staffMember}</label>
            <select id={ids.staff} value={filters.staffId} onChange={(event) => change({ ...filters, staffId: event.target.value })}>
              <option value="">{words.anyone}</option>
              {(everyone.data ?? []).map((member) => <option key={member.id} value={member.id}>{member.account.displayName}</option>)}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.status}>{words.status}</label>
          <select id={ids.status} value={filters.status} onChange={(event) => change({ ...filters, status: event.target.value as ShiftFilters["status"] })}>
            <option value="">{words.anyStatus}</option>
            <option value="ACTIVE">{words.shiftStatus.ACTIVE}</option>
            <option value="ENDED">{words.shiftStatus.ENDED}</option>
          </select>
        </div>
      </div>
      <ShiftsTable
        filters={filters}
        offset={offset}
        onMove={setOffset}
        nameOf={(id) => names.get(id) ?? words.unknownPerson(id)}
        mayManage={mayManage}
        myStaffId={myStaffId}
      />
    </section>
  )
}
