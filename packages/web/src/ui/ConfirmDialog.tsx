import { type ReactNode, useId } from "react"
import { useModal } from "./useModal.js"

/**
 * A question before a step that cannot be quietly undone (suspend, revoke, remove, delete): the
 * platform's modal `dialog` (`useModal`), its title as its name, the cancelling button first and
 * focused. Render it only while the question is asked; `onCancel` when dismissed (Escape too),
 * `onConfirm` on the confirming button, whose words are those of the button that opened it.
 */
export const ConfirmDialog = ({ title, children, confirmLabel, cancelLabel, busy = false, onConfirm, onCancel }: {
  readonly title: string
  readonly children?: ReactNode
  readonly confirmLabel: string
  readonly cancelLabel: string
  readonly busy?: boolean
  readonly onConfirm: () => void
  readonly onCancel: () => void
}) => {
  const dialog = useModal()
  const titleId = useId()
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="actions">
        <button type="button" onClick={onCancel} autoFocus>{cancelLabel}</button>
        <button type="button" className="danger" disabled={busy} onClick={onConfirm}>{confirmLabel}</button>
      </div>
    </dialog>
  )
}
