import { useEffect, useId, useRef, useState } from "react"
import { admin as words } from "../../strings/index.js"
import type { IssuedCredential } from "./queries.js"

/**
 * The token of a credential just issued, shown this once in a panel that takes the focus: a Copy button,
 * and the warning that it will not be seen again. It lives only in this panel's props (never in a
 * cache); closing the panel, or leaving or reloading the page, forgets it.
 */
export const IssuedToken = ({ issued, onClose }: { readonly issued: IssuedCredential; readonly onClose: () => void }) => {
  const ref = useRef<HTMLElement>(null)
  const id = useId()
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle")
  useEffect(() => ref.current?.focus(), [])
  return (
    <section ref={ref} tabIndex={-1} className="panel issued-token" aria-labelledby={`${id}-title`} aria-describedby={`${id}-once`}>
      <h3 id={`${id}-title`}>{words.tokenTitle(issued.name)}</h3>
      <p id={`${id}-once`} className="admin-warning">
        <strong>{words.tokenOnce}</strong>
      </p>
      <label>
        {words.token}
        <input className="token" readOnly value={issued.token} onFocus={(event) => event.target.select()} />
      </label>
      <div className="actions">
        <button
          type="button"
          className="primary"
          onClick={() => void navigator.clipboard.writeText(issued.token).then(() => setCopy("copied"), () => setCopy("failed"))}
        >
          {words.copy}
        </button>
        <button type="button" onClick={onClose}>{words.done}</button>
        <p role="status" className="admin-done">{copy === "copied" ? words.copied : copy === "failed" ? words.copyFailed : ""}</p>
      </div>
    </section>
  )
}
