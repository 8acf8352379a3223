import { useEffect, useId, useRef, useState } from "react"
import { admin as words } from "../../strings/index.js"
import type { IssuedCredential } from "./queries.js"

/**
 * The token of a credential just issued, shown this once: a Copy button, and the warning that it will
 * not be seen again. It lives only in this dialog's props; closing it (the button or Escape) forgets it.
 */
export const TokenDialog = ({ issued, onClose }: { readonly issued: IssuedCredential; readonly onClose: () => void }) => {
  const ref = useRef<HTMLDialogElement>(null)
  const id = useId()
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle")
  useEffect(() => {
    const dialog = ref.current
    if (dialog !== null && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  return (
    <dialog ref={ref} aria-labelledby={`${id}-title`} aria-describedby={`${id}-once`} onCancel={(event) => {
      event.preventDefault()
      onClose()
    }}>
      <h2 id={`${id}-title`}>{words.tokenTitle(issued.name)}</h2>
      <p id={`${id}-once`} className="admin-warning"><strong>{words.tokenOnce}</strong></p>
      <label>
        {words.token}
        <input className="token" readOnly value={issued.token} onFocus={(event) => event.target.select()} />
      </label>
      <p role="status">{copy === "copied" ? words.copied : copy === "failed" ? words.copyFailed : ""}</p>
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => navigator.clipboard.writeText(issued.token).then(() => setCopy("copied"), () => setCopy("failed"))}
        >
          {words.copy}
        </button>
        <button type="button" onClick={onClose}>{words.done}</button>
      </div>
    </dialog>
  )
}
