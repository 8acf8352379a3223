// The benches' browser: Debian's Chromium driven by playwright-core, with the
// flags the browser tests use. It inherits this process's CPU affinity, so a
// bench that pins itself (`pinSelf`) pins the browser too.
import { chromium } from "playwright-core"
import { onCleanup } from "./cleanup.js"

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** A headless Chromium, closed when the bench ends. */
export async function launchChromium() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
  })
  onCleanup(() => browser.close())
  return browser
}

/**
 * Records what `page` fetches: `all()` answers, for every finished request so
 * far, its URL, resource type, status, content coding and encoded (transferred)
 * body bytes.
 */
export const recordTransfers = (page) => {
  const pending = []
  const describe = async (request) => {
    const response = await request.response()
    const sizes = await request.sizes()
    return {
      url: request.url(),
      type: request.resourceType(),
      status: response?.status() ?? 0,
      coding: (await response?.headerValue("content-encoding")) ?? "identity",
      bodyBytes: sizes.responseBodySize
    }
  }
  page.on("requestfinished", (request) => pending.push(describe(request)))
  return { all: () => Promise.all(pending) }
}
