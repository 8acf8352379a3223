import { type ReactNode, useEffect, useId, useRef } from "react"
import { admin as words } from "../strings/index.js"

interface Props {
  readonly title: string
  readonly children: ReactNode
  /** The confirming button's words ("Suspend", "Revoke"): the same as the button that opened it. */
  readonly confirm: string
  readonly busy?: boolean
  readonly onConfirm: () => void
  readonly onCancel: () => void
}

/**
 * A modal question before a change that cannot be quietly undone: the platform's `dialog` opened with
 * `showModal()` (focus kept inside, Escape cancels), the cancelling button first and focused.
 */
export const ConfirmDialog = ({ title, children, confirm, busy = false, onConfirm, onCancel }: Props) => {
  const ref = useRef<HTMLDialogElement>(null)
  const heading = useId()
  useEffect(() => {
    const dialog = ref.current
    if (dialog !== null && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  return (
    <dialog
      ref={ref}
      aria-labelledby={heading}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id={heading}>{title}</h2>
      {children}
      <div className="actions">
        <button type="button" onClick={onCancel} autoFocus>{words.cancel}</button>
        <button type="button" className="danger" disabled={busy} onClick={onConfirm}>{confirm}</button>
      </div>
    </dialog>
  )
}
