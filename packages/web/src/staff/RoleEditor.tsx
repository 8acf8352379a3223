import type { RoleId } from "@bluelight/core/identity"
import { useId, useState } from "react"
import { ApiFailure } from "../api/failure.js"
import { staff as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { type StaffMember, useRoleChoices, useStaffWrites } from "./queries.js"
import { RoleChecklist } from "./RoleChecklist.js"

/**
 * Granting and removing the roles given by hand (`PATCH /staff/{id}` `roleIds`: every hand grant the
 * profile should hold). Roles from the chat server follow its role sync and are only shown.
 */
export const RoleEditor = ({ member, fromAdmin }: { readonly member: StaffMember; readonly fromAdmin: boolean }) => {
  const ids = { title: useId(), problems: useId() }
  const byHand = member.roles.filter((role) => role.source === "MANUAL").map((role) => role.id)
  const [chosen, setChosen] = useState<ReadonlyArray<RoleId>>(byHand)
  const { update } = useStaffWrites()
  const choices = useRoleChoices(fromAdmin)
  const failure = update.error instanceof ApiFailure ? update.error : null
  const changed = chosen.length !== byHand.length || chosen.some((id) => !byHand.includes(id))
  return (
    <section aria-labelledby={ids.title} className="panel">
      <h2 id={ids.title}>{words.editRoles}</h2>
      <form
        aria-labelledby={ids.title}
        onSubmit={(event) => {
          event.preventDefault()
          update.mutate({ id: member.id, roleIds: chosen })
        }}
      >
        <FormProblem failure={update.error} shownFields={["roleIds"]} />
        {choices.error !== null && <p role="alert" className="form-problem">{choices.error.message}</p>}
        <RoleChecklist
          choices={choices.roles}
          held={member.roles.map(({ id, name }) => ({ id, name }))}
          fromAdmin={fromAdmin}
          chosen={chosen}
          locked={member.roles.filter((role) => role.source === "PROVIDER").map((role) => role.id)}
          onChange={setChosen}
          failure={failure}
          problemsId={ids.problems}
        />
        <p className="muted">{words.providerRoleNote}</p>
        <div className="actions">
          <button type="submit" className="primary" disabled={update.isPending || !changed}>{update.isPending ? words.saving : words.saveRoles}</button>
        </div>
      </form>
    </section>
  )
}
