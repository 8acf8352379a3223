import { Component, type ReactNode } from "react"
import { shell } from "../strings/index.js"
import { ProblemPage } from "./pages/ProblemPage.js"

/**
 * Around each room: a room whose code could not be loaded (its chunk is fetched on first use, and
 * the server may be gone by then) or that failed to draw shows a page saying so, inside the shell,
 * instead of leaving the whole window blank. Trying again loads the page afresh, chunk and all.
 */
export class RoomBoundary extends Component<{ readonly children: ReactNode }, { readonly failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <ProblemPage title={shell.roomFailedTitle} lead={shell.roomFailedLead}>
        <button type="button" onClick={() => window.location.reload()}>{shell.retry}</button>
      </ProblemPage>
    )
  }
}
