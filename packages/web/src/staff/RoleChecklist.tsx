import type { RoleId } from "@bluelight/core/identity"
import { staff as words } from "../strings/index.js"
import { FieldProblems } from "../ui/FieldProblems.js"
import type { ApiFailure } from "../api/failure.js"
import type { RoleChoice } from "./queries.js"

/**
 * The roles to give by hand, as checkboxes. Roles the chat server grants (`locked`) are shown ticked
 * and cannot be changed here; the API's problems about `roleIds` are shown under the list.
 */
export const RoleChecklist = (
  { choices, held = [], fromAdmin, chosen, locked = [], onChange, failure, problemsId }: {
    readonly choices: ReadonlyArray<RoleChoice> | undefined
    readonly held?: ReadonlyArray<RoleChoice>
    readonly fromAdmin: boolean
    readonly chosen: ReadonlyArray<RoleId>
    readonly locked?: ReadonlyArray<RoleId>
    readonly onChange: (chosen: ReadonlyArray<RoleId>) => void
    readonly failure: ApiFailure | null
    readonly problemsId: string
  }
) => {
  // A role held but not among the choices (granted before, not listed now) is still shown, so saving keeps it.
  const shown = [...(choices ?? []), ...held.filter((role) => !(choices ?? []).some((choice) => choice.id === role.id))]
  return (
    <fieldset className="role-checklist">
      <legend>{words.roles}</legend>
      <p className="muted">{fromAdmin ? words.rolesFromAdmin : words.rolesSeen}</p>
      {choices !== undefined && shown.length === 0 && <p className="muted">{words.noRolesKnown}</p>}
      <ul>
        {shown.map((role) => {
          const isLocked = locked.includes(role.id) && !chosen.includes(role.id)
          return (
            <li key={role.id}>
              <label className="check">
                <input
                  type="checkbox"
                  checked={chosen.includes(role.id) || isLocked}
                  disabled={isLocked}
                  onChange={(event) => onChange(event.target.checked ? [...chosen, role.id] : chosen.filter((id) => id !== role.id))}
                />
                {role.name}
                {isLocked && <span className="role-source">{" "}({words.source.PROVIDER})</span>}
              </label>
            </li>
          )
        })}
      </ul>
      <FieldProblems id={problemsId} failure={failure} path={["roleIds"]} />
    </fieldset>
  )
}
