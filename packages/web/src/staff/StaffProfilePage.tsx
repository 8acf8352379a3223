import type { StaffProfileId } from "@bluelight/core/identity"
import { useState } from "react"
import { Link } from "wouter"
import { staff as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { Time } from "../ui/Time.js"
import { type StaffMember, useStaffProfile, useStaffWrites } from "./queries.js"
import { ActiveBadge, RoleBadges } from "./RoleBadges.js"
import { RoleEditor } from "./RoleEditor.js"
import { ShiftsTable } from "./ShiftsTable.js"

export interface ProfileRights {
  readonly manage: boolean
  readonly admin: boolean
  readonly shifts: boolean
  readonly manageShifts: boolean
  readonly myStaffId: string | undefined
}

const Activation = ({ member }: { readonly member: StaffMember }) => {
  const { update } = useStaffWrites()
  return (
    <div>
      <div className="actions">
        <button
          type="button"
          className={member.active ? "danger" : "primary"}
          disabled={update.isPending}
          onClick={() => update.mutate({ id: member.id, active: !member.active })}
        >
          {update.isPending ? words.saving : member.active ? words.deactivate : words.activate}
        </button>
        <span className="muted">{words.deactivateLead}</span>
      </div>
      <FormProblem failure={update.error} />
    </div>
  )
}

const TheirShifts = ({ member, rights }: { readonly member: StaffMember; readonly rights: ProfileRights }) => {
  const [offset, setOffset] = useState(0)
  return (
    <section aria-labelledby="their-shifts" className="panel">
      <h2 id="their-shifts">{words.theirShifts}</h2>
      <ShiftsTable
        filters={{ staffId: member.id, status: "" }}
        offset={offset}
        onMove={setOffset}
        nameOf={() => member.account.displayName}
        mayManage={rights.manageShifts}
        myStaffId={rights.myStaffId}
      />
    </section>
  )
}

/** A staff profile's own page (`/staff/profiles/{id}`): who, active or not, their roles and sources; managing them with `staff.manage`; their shifts. */
export const StaffProfilePage = ({ id, rights }: { readonly id: StaffProfileId; readonly rights: ProfileRights }) => {
  const profile = useStaffProfile(id)
  const member = profile.data
  return (
    <div className="staff-profile">
      <p>
        <Link href="/">← {words.back}</Link>
      </p>
      <FormProblem failure={profile.error} />
      {member === undefined ? (profile.isPending && <p className="muted" role="status">{words.loading}</p>) : (
        <>
          <h2>{words.profileOf(member.account.displayName)}</h2>
          <section className="panel" aria-label={words.profileOf(member.account.displayName)}>
            <dl className="facts">
              <dt>{words.status}</dt>
              <dd aria-live="polite">
                <ActiveBadge active={member.active} />
              </dd>
              <dt>{words.roles}</dt>
              <dd>
                <RoleBadges roles={member.roles} />
              </dd>
              <dt>{words.since}</dt>
              <dd>
                <Time at={member.createdAt} />
              </dd>
              <dt>{words.updated}</dt>
              <dd>
                <Time at={member.updatedAt} />
              </dd>
              <dt>{words.accountId}</dt>
              <dd>
                <code>{member.account.id}</code>
              </dd>
              <dt>{words.profileId}</dt>
              <dd>
                <code>{member.id}</code>
              </dd>
            </dl>
            {rights.manage && <Activation member={member} />}
          </section>
          {rights.manage && <RoleEditor key={member.updatedAt.epochMilliseconds} member={member} fromAdmin={rights.admin} />}
          {rights.shifts && <TheirShifts member={member} rights={rights} />}
        </>
      )}
    </div>
  )
}
