import { type ReactNode, useEffect, useId, useRef } from "react"

/**
 * A question before a step that cannot be undone (remove, delete): the platform's modal `dialog`
 * (`showModal()`: focus moves into it, Escape cancels, the page behind is inert), its title as its
 * name. Shown while `open`; `onCancel` when dismissed, `onConfirm` on the confirming button.
 */
export const ConfirmDialog = ({ open, title, children, confirmLabel, cancelLabel, busy = false, onConfirm, onCancel }: {
  readonly open: boolean
  readonly title: string
  readonly children?: ReactNode
  readonly confirmLabel: string
  readonly cancelLabel: string
  readonly busy?: boolean
  readonly onConfirm: () => void
  readonly onCancel: () => void
}) => {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const element = dialog.current
    if (element === null) return
    // jsdom has no showModal: the dialog is then shown open, without the modal's inertness.
    if (open && !element.open) {
      if (typeof element.showModal === "function") element.showModal()
      else element.setAttribute("open", "")
    }
    if (!open && element.open) {
      if (typeof element.close === "function") element.close()
      else element.removeAttribute("open")
    }
  }, [open])
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
          <div className="actions">
            <button type="button" className="danger" disabled={busy} onClick={onConfirm}>{confirmLabel}</button>
            <button type="button" onClick={onCancel} autoFocus>{cancelLabel}</button>
          </div>
        </>
      )}
    </dialog>
  )
}
