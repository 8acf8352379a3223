/**
 * The PNC look-up's typing: a search starts once typing pauses (`waitMs`), and a newer term
 * cancels the one before (its request aborted through the `signal` given to `search`), so only
 * the latest term's answer is ever shown. Terms shorter than `minLength` search nothing.
 */
export type LookupState<R> =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Searching"; readonly term: string }
  | { readonly _tag: "Found"; readonly term: string; readonly results: R }
  | { readonly _tag: "Failed"; readonly term: string; readonly error: Error }

export interface Lookup {
  readonly type: (term: string) => void
  readonly stop: () => void
}

export const LOOKUP_WAIT_MS = 250
export const LOOKUP_MIN_LENGTH = 2

export const makeLookup = <R>(
  search: (term: string, signal: AbortSignal) => Promise<R>,
  onState: (state: LookupState<R>) => void,
  waitMs = LOOKUP_WAIT_MS
): Lookup => {
  let timer: ReturnType<typeof setTimeout> | undefined
  let inFlight: AbortController | undefined
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    inFlight?.abort()
    inFlight = undefined
  }
  return {
    type: (raw) => {
      cancel()
      const term = raw.trim()
      if (term.length < LOOKUP_MIN_LENGTH) {
        onState({ _tag: "Idle" })
        return
      }
      onState({ _tag: "Searching", term })
      timer = setTimeout(() => {
        timer = undefined
        const controller = new AbortController()
        inFlight = controller
        search(term, controller.signal).then(
          (results) => {
            if (inFlight === controller) onState({ _tag: "Found", term, results })
          },
          (error: unknown) => {
            if (inFlight === controller) onState({ _tag: "Failed", term, error: error instanceof Error ? error : new Error(String(error)) })
          }
        ).finally(() => {
          if (inFlight === controller) inFlight = undefined
        })
      }, waitMs)
    },
    stop: cancel
  }
}
