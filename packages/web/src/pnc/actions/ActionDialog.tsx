import { type ReactNode, useEffect, useId, useRef, useState } from "react"

/**
 * A button that opens a modal `dialog` (`showModal()`: the page behind is inert, Escape closes it,
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
  const dialog = useRef<HTMLDialogElement>(null)
  const heading = useId()
  useEffect(() => {
    if (open && dialog.current !== null && !dialog.current.open) dialog.current.showModal()
  }, [open])
  const close = () => {
    dialog.current?.close()
    setOpen(false)
  }
  return (
    <>
      <button type="button" className={tone} disabled={disabled} aria-label={name} aria-describedby={describedBy} onClick={() => setOpen(true)}>{label}</button>
      {open && (
        <dialog ref={dialog} aria-labelledby={heading} className="pnc-action-dialog" onClose={() => setOpen(false)}>
          <h2 id={heading}>{title}</h2>
          {children(close)}
        </dialog>
      )}
    </>
  )
}
