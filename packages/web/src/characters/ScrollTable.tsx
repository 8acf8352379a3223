import type { ReactNode } from "react"
import { characters as words } from "../strings/index.js"

/**
 * A wide table that scrolls sideways on a narrow screen: the scrolling box is a named region that
 * takes the keyboard focus, so it can be scrolled without a mouse.
 */
export const ScrollTable = ({ label, children }: { readonly label: string; readonly children: ReactNode }) => (
  <div className="chars-scroll" role="region" aria-label={words.scrollable(label)} tabIndex={0}>
    {children}
  </div>
)
