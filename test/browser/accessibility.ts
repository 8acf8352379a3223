import axe from "axe-core"
import type { Page } from "playwright-core"
import { expect } from "vitest"

/** What axe calls a violation worth failing for: a person with a screen reader or low vision is stopped by it. */
const BLOCKING = new Set(["serious", "critical"])

/**
 * What the evaluated functions see of the page. The test project has no DOM types (it is Node's);
 * these functions run in the page, where `axe` and `document` are there.
 */
interface InPage {
  readonly axe?: { readonly run: (context: unknown, options: axe.RunOptions) => Promise<axe.AxeResults> }
  readonly document: unknown
}

/** One line per violation and the elements it names, so a failure reads as a to-do list. */
const describe = (violations: ReadonlyArray<axe.Result>): string =>
  violations.map((violation) =>
    `${violation.impact ?? "?"} ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
    violation.nodes.map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.replace(/\n/g, " ") ?? ""}`).join("\n")
  ).join("\n")

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation, naming
 * each. axe is put in the page with `page.evaluate` (the DevTools protocol), not a `<script>`
 * tag: the app's Content-Security-Policy allows no inline script, and an injected tag would be
 * refused; code evaluated by the protocol is not subject to the page's policy.
 */
export const expectAccessible = async (page: Page, name: string): Promise<void> => {
  const present = await page.evaluate(() => (globalThis as unknown as InPage).axe !== undefined)
  if (!present) await page.evaluate(axe.source)
  const results = await page.evaluate(() => {
    const here = globalThis as unknown as InPage
    return here.axe!.run(here.document, { resultTypes: ["violations"] })
  })
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ""))
  expect(blocking, `axe on "${name}" (${page.url()}):\n${describe(blocking)}`).toEqual([])
}
