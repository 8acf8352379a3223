import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Page } from "playwright-core"
import { expect } from "vitest"
import { expectAccessible } from "./accessibility.js"
import { expectNoPageProblems } from "./pageProblems.js"

/** Where the pictures go (gitignored): look at them after a run. */
const SHOTS = fileURLToPath(new URL("../../browser-check/", import.meta.url))

type Theme = "dark" | "light"

/** What the evaluated functions see of the page (the test project has no DOM types: it is Node's). */
interface InPage {
  readonly document: {
    readonly documentElement: { readonly dataset: Record<string, string | undefined> }
    readonly querySelector: (selectors: string) => unknown
  }
  readonly localStorage: { readonly setItem: (key: string, value: string) => void }
}

const themeOf = (page: Page): Promise<Theme> =>
  page.evaluate(() => (globalThis as unknown as InPage).document.documentElement.dataset["theme"] === "light" ? "light" : "dark")

/** Whether a modal dialog is open (`showModal()`): everything else, the header too, is inert until it closes. */
const modalOpen = (page: Page): Promise<boolean> => page.evaluate(() => (globalThis as unknown as InPage).document.querySelector("dialog:modal") !== null)

/**
 * Puts the page in `theme`: with the header's "Light theme" button where there is one, as a person
 * does; a page without the header (signed out, a problem page), or one whose header a modal dialog
 * makes inert, is set the way the app sets it (the theme kept in this browser).
 */
const useTheme = async (page: Page, theme: Theme): Promise<void> => {
  if ((await themeOf(page)) === theme) return
  const toggle = page.getByRole("button", { name: "Light theme" })
  if ((await toggle.count()) > 0 && !(await modalOpen(page))) {
    await toggle.click()
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe(String(theme === "light"))
  } else {
    await page.evaluate((chosen) => {
      const here = globalThis as unknown as InPage
      here.document.documentElement.dataset["theme"] = chosen
      here.localStorage.setItem("bluelight.theme", chosen)
    }, theme)
  }
}

const fileName = (name: string, theme: Theme) => `${name.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase()}-${theme}.png`

/** A full-page picture of the page in both themes (`browser-check/<name>-dark.png` and `-light.png`); the page is left in the theme it had. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(SHOTS, { recursive: true })
  const before = await themeOf(page)
  for (const theme of ["dark", "light"] as const) {
    await useTheme(page, theme)
    await page.screenshot({ path: `${SHOTS}${fileName(name, theme)}`, fullPage: true })
  }
  await useTheme(page, before)
}

/**
 * What every page visited gets: nothing thrown or refused by its policy so far, axe in both themes
 * (contrast differs between them) and a picture of each. Call it once the page shows what the test
 * waited for.
 */
export const checkPage = async (page: Page, name: string): Promise<void> => {
  expectNoPageProblems(page, name)
  const before = await themeOf(page)
  for (const theme of ["dark", "light"] as const) {
    await useTheme(page, theme)
    await expectAccessible(page, `${name}, ${theme} theme`)
  }
  await useTheme(page, before)
  await screenshot(page, name)
}
