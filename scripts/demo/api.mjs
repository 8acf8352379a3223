// The typed client (@bluelight/client) as one signed-in person, with the two things the seeding
// needs of it: an operation's answer or an error naming its API code, and every page of a list.
import { makeBluelightClient } from "@bluelight/client"
import { Cause, Duration, Effect, Exit } from "effect"

/** The largest page a list answers (PAGE_LIMIT.max). */
const PAGE = 100

/**
 * The client as the person whose session `cookie` is: a cookie write must name the server's own
 * origin. A refusal for the rate limits is sent again after its Retry-After (a second run of the
 * demo soon after the first one may meet the sign-in budget).
 */
export const clientAs = async (baseUrl, cookie) => {
  const api = await Effect.runPromise(
    makeBluelightClient({ baseUrl, headers: { cookie, origin: baseUrl }, retry: { attempts: 3, longestWait: Duration.seconds(65) } })
  )
  const run = async (operation) => {
    const exit = await Effect.runPromiseExit(operation(api))
    if (Exit.isSuccess(exit)) return exit.value
    const error = Cause.squash(exit.cause)
    const code = typeof error === "object" && error !== null && "code" in error ? `${String(error.code)}: ` : ""
    throw new Error(`${code}${error instanceof Error ? error.message : JSON.stringify(error)}`, { cause: error })
  }
  /** Every item of a list, page by page: `list(api, { limit, offset })` answers one page. */
  const all = async (list) => {
    const items = []
    for (let offset = 0;; offset += PAGE) {
      const page = await run((api) => list(api, { limit: PAGE, offset }))
      items.push(...page.data)
      if (!page.meta.hasMore) return items
    }
  }
  return { run, all }
}
