import { type ReactNode, useId } from "react"
import { pnc as words } from "../strings/index.js"

/** The page's "Actions" panel, shown only to someone with an action to take: a group named for what it acts on (`Actions on Jamie Driver`). */
export const ActionsPanel = ({ name, children }: { readonly name: string; readonly children: ReactNode }) => {
  const heading = useId()
  return (
    <section className="panel pnc-wide pnc-actions-panel" aria-labelledby={heading}>
      <h2 id={heading}>{words.actions}</h2>
      <div className="pnc-actions" role="group" aria-label={name}>
        {children}
      </div>
    </section>
  )
}
