import type { Page } from "playwright-core"
import { expect } from "vitest"

/**
 * What a page must never do, whatever a test looks at: throw an error nobody caught, or have the
 * Content-Security-Policy refuse something (a script, a style, a connection it tried). Pages opened
 * by the harness are watched from the start; `checkPage` fails on what was seen.
 */
const seen = new WeakMap<Page, Array<string>>()

export const watchPage = (page: Page): void => {
  const problems: Array<string> = []
  seen.set(page, problems)
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`))
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(`policy: ${message.text()}`)
  })
}

export const expectNoPageProblems = (page: Page, name: string): void => {
  expect(seen.get(page) ?? [], `what "${name}" (${page.url()}) threw or had refused`).toEqual([])
}
