import { useLayoutEffect, useRef } from "react"

/** Closes a dialog that is open, as the platform does (focus back to where it was before it opened). */
export const closeModal = (element: HTMLDialogElement | null) => {
  if (element === null || !element.open) return
  // jsdom has no modal dialogs: there the dialog is only shown and hidden by its `open` attribute.
  if (typeof element.close === "function") element.close()
  else element.removeAttribute("open")
}

/**
 * The platform's modal `dialog` for a component mounted only while it is shown: opened with
 * `showModal()` as it mounts (focus moves into it, Escape cancels, the page behind is inert) and
 * closed before it leaves the page, so focus goes back to the control that opened it. Put the ref
 * on the `dialog`.
 */
export const useModal = () => {
  const dialog = useRef<HTMLDialogElement>(null)
  useLayoutEffect(() => {
    const element = dialog.current
    if (element === null) return
    if (!element.open) {
      if (typeof element.showModal === "function") element.showModal()
      else element.setAttribute("open", "")
    }
    return () => closeModal(element)
  }, [])
  return dialog
}
