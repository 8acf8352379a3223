/**
 * The Staff room (`/staff`): staff profiles and their roles (`staff.view`, managed with
 * `staff.manage`), my shift, everyone's shifts and the shift summary (`shifts.view`; ending
 * another's shift with `shifts.manage`).
 *
 * Names the browser tests rely on (roles and accessible names; keep them exactly):
 * - heading "Staff"; navigation "Staff sections" with links "Staff profiles", "Shifts", "Shift summary".
 * - table of profiles (link per name to `/staff/profiles/{id}`), roles as "<name> (given by hand)" /
 *   "(from the chat server)"; link "New staff profile" → form "New staff profile": "Find account"
 *   (admin.manage) with radios "Accounts found", or "Account id"; group "Roles" of checkboxes; button
 *   "Create staff profile".
 * - a profile: heading "Staff profile: <name>", "Deactivate"/"Activate", form "Roles given by hand"
 *   with "Save roles", region "Their shifts".
 * - group "My shift" (here and in the header): select "Shift type", "Start shift"; on shift the timer
 *   "Time on shift" (hh:mm:ss) and "End shift".
 * - "Shift summary": date fields "From", "To (inclusive)", button "Show", the chart (an image named
 *   "Time on shift per person and type") and its table.
 */
import type { StaffProfileId } from "@bluelight/core/identity"
import { Link, Redirect, Route, Switch, useLocation } from "wouter"
import type { Me } from "../app/session.js"
import { Forbidden, NotFound } from "../app/pages/Forbidden.js"
import { staff as words } from "../strings/index.js"
import { NewStaffProfile } from "./NewStaffProfile.js"
import { ShiftClock } from "./ShiftClock.js"
import { ShiftsPage } from "./ShiftsPage.js"
import { ShiftSummary } from "./ShiftSummary.js"
import { StaffDirectory } from "./StaffDirectory.js"
import { StaffProfilePage } from "./StaffProfilePage.js"
import "./staff.css"

const SectionLink = ({ href, children }: { readonly href: string; readonly children: string }) => {
  const [location] = useLocation()
  const current = href === "/" ? location === "/" || location.startsWith("/profiles") || location === "/new" : location.startsWith(href)
  return <Link href={href} aria-current={current ? "page" : undefined}>{children}</Link>
}

export default function StaffRoom({ me }: { readonly me: Me }) {
  const has = (key: Me["permissions"][number]) => me.permissions.includes(key)
  const rights = {
    view: has("staff.view"),
    manage: has("staff.manage") && has("staff.view"),
    admin: has("admin.manage"),
    shifts: has("shifts.view"),
    manageShifts: has("shifts.manage"),
    myStaffId: me.staff?.id
  }
  const onShiftDuty = me.staff !== null && me.staff.active
  return (
    <div className="staff-room">
      <header className="staff-room-head">
        <h1>{words.title}</h1>
        <nav aria-label={words.sections}>
          <ul>
            {rights.view && (
              <li>
                <SectionLink href="/">{words.directory}</SectionLink>
              </li>
            )}
            {rights.shifts && (
              <li>
                <SectionLink href="/shifts">{words.shifts}</SectionLink>
              </li>
            )}
            {rights.shifts && (
              <li>
                <SectionLink href="/summary">{words.summary}</SectionLink>
              </li>
            )}
          </ul>
        </nav>
      </header>
      {onShiftDuty && (
        <section className="panel staff-my-shift" aria-labelledby="my-shift-title">
          <h2 id="my-shift-title">{words.myShift}</h2>
          <ShiftClock me={me} className="shift-clock shift-clock-room" />
        </section>
      )}
      <Switch>
        <Route path="/">
          {rights.view ? <StaffDirectory mayManage={rights.manage} /> :
            rights.shifts ? <Redirect to="/shifts" replace /> : <p className="muted">{onShiftDuty ? words.onlyMyShift : words.nothingHere}</p>}
        </Route>
        <Route path="/new">{rights.manage ? <NewStaffProfile mayReadAccounts={rights.admin} /> : <Forbidden />}</Route>
        <Route path="/profiles/:id">
          {(params) => rights.view ? <StaffProfilePage id={params.id as StaffProfileId} rights={rights} /> : <Forbidden />}
        </Route>
        <Route path="/shifts">
          {rights.shifts ? <ShiftsPage mayReadStaff={rights.view} mayManage={rights.manageShifts} myStaffId={rights.myStaffId} /> : <Forbidden />}
        </Route>
        <Route path="/summary">{rights.shifts ? <ShiftSummary mayReadStaff={rights.view} /> : <Forbidden />}</Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </div>
  )
}
