import type { Permission } from "@bluelight/core/identity"
import { admin as words } from "../strings/index.js"
import { groupPermissions, toggled } from "./permissionGroups.js"

interface Props {
  /** The checklist's name (its outer fieldset's legend): "Permissions", "Scopes". */
  readonly legend: string
  readonly selected: ReadonlyArray<Permission>
  readonly onChange: (selected: ReadonlyArray<Permission>) => void
  /** Keys that cannot be chosen here, with the reason shown beside each (a credential's `admin.manage`). */
  readonly refused?: ReadonlyArray<Permission>
  /** The id of the API's problems about the whole list, read with each checkbox. */
  readonly describedBy?: string | undefined
  readonly disabled?: boolean
}

/** The permission catalogue as checkboxes, a fieldset per group (`cad`, `pnc`, …) with the group as its legend. */
export const PermissionChecklist = ({ legend, selected, onChange, refused = [], describedBy, disabled = false }: Props) => (
  <fieldset className="permission-checklist" disabled={disabled}>
    <legend>{legend}</legend>
    <div className="permission-groups">
      {groupPermissions().map(({ group, keys }) => (
        <fieldset key={group} className="permission-group">
          <legend>{words.permissionGroup[group] ?? group}</legend>
          {keys.map((key) => {
            const notHere = refused.includes(key)
            return (
              <label key={key} className="check">
                <input
                  type="checkbox"
                  name={key}
                  checked={selected.includes(key)}
                  disabled={notHere}
                  aria-describedby={describedBy}
                  onChange={(event) => onChange(toggled(selected, key, event.target.checked))}
                />
                <code>{key}</code>
                {notHere && <span className="muted">({words.notGrantable})</span>}
              </label>
            )
          })}
        </fieldset>
      ))}
    </div>
  </fieldset>
)
