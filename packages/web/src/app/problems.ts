import { useSyncExternalStore } from "react"
import { ApiFailure, ConnectionLost } from "../api/failure.js"

/**
 * What stops the whole app rather than one request: the session ended, the account was disabled,
 * or the server stopped answering. Any request that meets one says so here, and the shell shows
 * its page (or, for a lost connection, a notice over the page kept as it was).
 */
export type Problem = "SESSION_ENDED" | "ACCOUNT_DISABLED" | "CONNECTION_LOST" | null

let current: Problem = null
const listeners = new Set<() => void>()

const set = (problem: Problem) => {
  if (problem === current) return
  current = problem
  for (const listener of listeners) listener()
}

/** Records what a failed request means for the whole app (nothing for an ordinary refusal). */
export const noteFailure = (error: unknown): void => {
  if (error instanceof ConnectionLost) set(current === null ? "CONNECTION_LOST" : current)
  else if (error instanceof ApiFailure && error.code === "UNAUTHENTICATED") set("SESSION_ENDED")
  else if (error instanceof ApiFailure && error.code === "ACCOUNT_DISABLED") set("ACCOUNT_DISABLED")
}

/** A request was answered: the connection is back. */
export const noteAnswered = (): void => {
  if (current === "CONNECTION_LOST") set(null)
}

export const resetProblem = (): void => set(null)

export const useProblem = (): Problem =>
  useSyncExternalStore((listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, () => current)
