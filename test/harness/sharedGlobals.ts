/**
 * Set-up of the "fast" project, whose files share a worker one after another (`isolate: false`,
 * vitest.config.ts): a file there may not leave the process changed for the next. It may not ask for
 * a DOM (a component test is a `.tsx` file: the isolated "fast-dom" project), and a file that replaces
 * `globalThis.fetch` must put it back.
 */
import { afterAll, beforeAll } from "vitest"

const fetchBefore = globalThis.fetch

beforeAll(() => {
  if (typeof (globalThis as { document?: unknown }).document !== "undefined") {
    throw new Error("a DOM test runs in the isolated \"fast-dom\" project: name the file .test.tsx (vitest.config.ts)")
  }
})

afterAll(() => {
  if (globalThis.fetch !== fetchBefore) {
    globalThis.fetch = fetchBefore
    throw new Error("this file left globalThis.fetch replaced; the next file in its worker would have used it")
  }
})
