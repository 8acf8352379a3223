import { useEffect, useId, useRef, useState } from "react"

/**
 * A secret the API answers once (a webhook's signing secret, a credential's token): shown in a
 * read-only field with a Copy button, and the warning that it will not be shown again. It lives in
 * the state of the page that received it, never in the query cache: once `onDone`, or after a
 * reload, it is gone. Takes the focus when it appears, so the warning is read first.
 */
export const SecretShownOnce = ({ value, words, onDone }: {
  readonly value: string
  readonly words: {
    readonly title: string
    readonly lead: string
    readonly label: string
    readonly copy: string
    readonly copied: string
    readonly copyFailed: string
    readonly done: string
  }
  readonly onDone: () => void
}) => {
  const ids = { title: useId(), field: useId(), lead: useId() }
  const [copyState, setCopyState] = useState<"" | "copied" | "failed">("")
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className="secret-once" aria-labelledby={ids.title}>
      <h3 id={ids.title} ref={heading} tabIndex={-1}>{words.title}</h3>
      <p id={ids.lead} className="secret-warning">{words.lead}</p>
      <label htmlFor={ids.field}>{words.label}</label>
      <div className="secret-row">
        <input id={ids.field} readOnly value={value} aria-describedby={ids.lead} spellCheck={false} onFocus={(event) => event.target.select()} />
        <button
          type="button"
          onClick={() => {
            const clipboard = navigator.clipboard as Clipboard | undefined
            if (clipboard === undefined) return setCopyState("failed")
            clipboard.writeText(value).then(() => setCopyState("copied"), () => setCopyState("failed"))
          }}
        >
          {words.copy}
        </button>
      </div>
      <p role="status">{copyState === "copied" ? words.copied : copyState === "failed" ? words.copyFailed : ""}</p>
      <div className="actions">
        <button type="button" className="primary" onClick={onDone}>{words.done}</button>
      </div>
    </section>
  )
}
