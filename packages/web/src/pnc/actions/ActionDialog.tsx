import { type ReactNode, useId, useState } from "react"
import { useModal } from "../../ui/useModal.js"

/** The open dialog: mounted while it is shown, so its form is made afresh at each opening. */
const OpenDialog = ({ title, onClose, children }: {
  readonly title: string
  readonly onClose: () => void
  readonly children: (close: () => void) => ReactNode
}) => {
  const dialog = useModal()
  const heading = useId()
  return (
    <dialog ref={dialog} aria-labelledby={heading} className="pnc-action-dialog" onClose={onClose}>
      <h2 id={heading}>{title}</h2>
      {children(onClose)}
    </dialog>
  )
}

/**
 * A button that opens a modal `dialog` (`useModal`: the page behind is inert, Escape closes it,
 * focus goes back to the button) holding one action's form. The form is made afresh at each opening
 * and is given `close`, which it calls once the API has taken the change.
 */
export const ActionDialog = ({ label, name, title = name ?? label, tone, disabled, describedBy, children }: {
  /** The button's words. */
  readonly label: string
  /** Its accessible name when the words alone do not say what it acts on (`Close` in a row: `Close record REC-000001`). */
  readonly name?: string | undefined
  /** The dialog's heading (its accessible name); the button's name when left out. */
  readonly title?: string | undefined
  readonly tone?: "primary" | "danger" | undefined
  readonly disabled?: boolean | undefined
  /** The id of the words saying why the button is disabled, or anything else it should be read with. */
  readonly describedBy?: string | undefined
  readonly children: (close: () => void) => ReactNode
}) => {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className={tone} disabled={disabled} aria-label={name} aria-describedby={describedBy} onClick={() => setOpen(true)}>{label}</button>
      {open && <OpenDialog title={title} onClose={() => setOpen(false)}>{children}</OpenDialog>}
    </>
  )
}
