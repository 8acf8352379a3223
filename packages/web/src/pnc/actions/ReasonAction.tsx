import { pncActions as words } from "../../strings/pncActions.js"
import type { Checked } from "../../api/checkBody.js"
import { ActionDialog } from "./ActionDialog.js"
import { ActionForm } from "./ActionForm.js"
import { AreaField } from "./fields.js"

/**
 * An action that takes nothing but a reason (3 to 500 characters): closing or voiding a record,
 * clearing a marker, revoking or reinstating a licence, removing an endorsement, rejecting a
 * warrant. A button, then a dialog with the reason.
 */
export const ReasonAction = <Body extends { readonly reason: string }>({ label, name, title, submitLabel, tone, disabled, describedBy, check, send }: {
  /** The button's words. */
  readonly label: string
  /** Its accessible name when the words alone do not say what it acts on (`Close record REC-000001`). */
  readonly name?: string
  readonly title: string
  readonly submitLabel: string
  readonly tone?: "primary" | "danger"
  readonly disabled?: boolean
  readonly describedBy?: string
  readonly check: (wire: unknown) => Checked<Body>
  readonly send: (body: Body) => Promise<unknown>
}) => (
  <ActionDialog label={label} name={name} title={title} disabled={disabled} describedBy={describedBy}>
    {(close) => (
      <ActionForm
        label={title}
        initial={{ reason: "" }}
        shown={["reason"]}
        check={(fields) => check({ reason: fields.reason })}
        send={send}
        submitLabel={submitLabel}
        tone={tone ?? "primary"}
        onDone={close}
        onCancel={close}
      >
        {(kit) => <AreaField kit={kit} name="reason" label={words.reason} maxLength={500} />}
      </ActionForm>
    )}
  </ActionDialog>
)
