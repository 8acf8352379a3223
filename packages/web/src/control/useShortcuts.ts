import { useEffect, useRef } from "react"

/** Where typing goes: a key pressed there is text, never a shortcut. */
const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)

/** Single-key shortcuts for the board (`keys` by `event.key`), never while typing in a field nor with a modifier held. */
export const useShortcuts = (keys: Readonly<Record<string, () => void>>): void => {
  const latest = useRef(keys)
  latest.current = keys
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return
      const action = latest.current[event.key]
      if (action === undefined) return
      event.preventDefault()
      action()
    }
    document.addEventListener("keydown", onKey)
    return () => document.removeEventListener("keydown", onKey)
  }, [])
}
