import { useState } from "react"
import { Link } from "wouter"
import { staff as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { Time } from "../ui/Time.js"
import { Pager } from "../ui/Pager.js"
import { PAGE, useStaffPage } from "./queries.js"
import { ActiveBadge, RoleBadges } from "./RoleBadges.js"

/** The staff profiles (`staff.view`), by display name, a page at a time; each name opens the profile's page. */
export const StaffDirectory = ({ mayManage }: { readonly mayManage: boolean }) => {
  const [active, setActive] = useState<"" | "true" | "false">("")
  const [offset, setOffset] = useState(0)
  const page = useStaffPage(active, offset)
  const members = page.data?.data ?? []
  return (
    <section aria-labelledby="staff-directory">
      <div className="staff-heading">
        <h2 id="staff-directory">{words.directory}</h2>
        <label className="inline">
          {words.filterActive}
          <select
            value={active}
            onChange={(event) => {
              setActive(event.target.value as "" | "true" | "false")
              setOffset(0)
            }}
          >
            <option value="">{words.everyone}</option>
            <option value="true">{words.activeOnly}</option>
            <option value="false">{words.inactiveOnly}</option>
          </select>
        </label>
        {mayManage && <Link href="/new" className="button primary">{words.newProfile}</Link>}
      </div>
      <FormProblem failure={page.error} />
      <div aria-live="polite">
        {page.isPending ? <p className="muted" role="status">{words.loading}</p> :
          members.length === 0 ? <p className="muted">{words.noStaff}</p> : (
            <table className="staff-table">
              <caption className="visually-hidden">{words.directory}</caption>
              <thead>
                <tr>
                  <th scope="col">{words.name}</th>
                  <th scope="col">{words.status}</th>
                  <th scope="col">{words.roles}</th>
                  <th scope="col">{words.since}</th>
                </tr>
              </thead>
              <tbody>
                {members.map((member) => (
                  <tr key={member.id}>
                    <th scope="row">
                      <Link href={`/profiles/${member.id}`}>{member.account.displayName}</Link>
                    </th>
                    <td>
                      <ActiveBadge active={member.active} />
                    </td>
                    <td>
                      <RoleBadges roles={member.roles} />
                    </td>
                    <td>
                      <Time at={member.createdAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
      </div>
      {page.data !== undefined && (
        <Pager offset={offset} size={PAGE} shown={members.length} hasMore={page.data.meta.hasMore} label={words.directory} words={words} onMove={setOffset} />
      )}
    </section>
  )
}
