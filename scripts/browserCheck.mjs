#!/usr/bin/env node
// The first five minutes in a real browser: starts the built server on the development defaults
// (embedded PGlite in a temporary DATA_DIR, the development identity provider and game platform),
// drives headless Chromium through the web client's sign-in, sign-in as dev-admin, platform linking, the API
// reference (its size and load time, a copied curl run as copied, Test Request of a read and a write),
// sign-out and a failed sign-in, and writes a screenshot of each step to browser-check/.
// Not part of `npm test`: it needs Chromium (Debian's, at /usr/bin/chromium, or CHROMIUM=path).
// Run with `npm run check:browser`.
import { execFileSync, spawn } from "node:child_process"
import { once } from "node:events"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { chromium } from "playwright-core"
import { freePort } from "./freePort.mjs"

const root = fileURLToPath(new URL("..", import.meta.url))
const shots = join(root, "browser-check")
mkdirSync(shots, { recursive: true })

const port = await freePort()
const dataDir = mkdtempSync(join(tmpdir(), "bluelight-browser-"))
// Only what a newcomer would set: PORT to stay clear of other servers, and who is an administrator.
const server = spawn(process.execPath, [join(root, "packages/server/dist/main.js")], {
  env: { PATH: process.env.PATH ?? "", PORT: String(port), DATA_DIR: dataDir, BLUELIGHT_ADMIN_IDENTITY_IDS: "dev-admin" },
  stdio: ["ignore", "pipe", "inherit"]
})
const appUrl = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error("the server did not start within 90 s")), 90_000)
  createInterface({ input: server.stdout }).on("line", (line) => {
    try {
      const entry = JSON.parse(line)
      if (typeof entry.message === "string" && entry.message.startsWith("listening on ")) {
        clearTimeout(timer)
        console.log(`server: ${entry.message.split(";").slice(0, 2).join(";")}`)
        resolve(entry.annotations.url.replace(/\/$/, ""))
      }
    } catch {
      // Not a log line.
    }
  })
  server.once("exit", (code) => reject(new Error(`the server exited with ${code} before listening`)))
})

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync"]
})
const problems = []
const check = (condition, message) => {
  if (!condition) problems.push(message)
  console.log(`${condition ? "ok  " : "FAIL"} ${message}`)
}

try {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
  // The copied samples are read back from the clipboard, as a reader pastes them.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl })
  const page = await context.newPage()
  const policyViolations = []
  const deprecations = []
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) policyViolations.push(message.text())
    if (/deprecated/i.test(message.text())) deprecations.push(message.text())
  })
  const failedResponses = []
  page.on("response", (response) => {
    if (response.status() >= 400) failedResponses.push(`${response.status()} ${response.url()}`)
  })
  const elsewhere = []
  page.on("request", (request) => {
    if (!request.url().startsWith(appUrl) && !request.url().startsWith(`http://127.0.0.1:${port}/`) && !request.url().startsWith("data:")) {
      elsewhere.push(request.url())
    }
  })
  const shot = async (name) => {
    await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true })
    console.log(`     screenshot browser-check/${name}.png (${page.url()})`)
  }

  // The address the start-up log used to print: the browser must end up on APP_URL.
  await page.goto(`http://127.0.0.1:${port}/`)
  check(page.url() === `${appUrl}/`, `127.0.0.1 is sent to APP_URL (${page.url()})`)
  await page.getByRole("heading", { name: "Sign in to Bluelight" }).waitFor()
  check(await page.getByRole("heading", { name: "Sign in to Bluelight" }).isVisible(), "the web client offers signing in")
  await shot("01-home-signed-out")

  await page.getByRole("button", { name: "Sign in" }).click()
  await page.waitForURL(/\/dev\/idp\/authorize/)
  await shot("02-development-sign-in")
  await page.getByRole("button", { name: /Alex Admin/ }).click()
  await page.waitForURL(`${appUrl}/`)
  await page.getByRole("heading", { name: "Signed in as Alex Admin" }).waitFor()
  check(await page.getByRole("heading", { name: "Signed in as Alex Admin" }).isVisible(), "after sign-in the web client shows Alex Admin")
  await page.getByText(/^Permissions/).click()
  check(await page.getByText("admin.manage").isVisible(), "the web client lists the administrator's permissions")
  await shot("03-home-signed-in")

  await page.getByRole("link", { name: "Link a game-platform account" }).click()
  await page.waitForURL(/\/dev\/platform\/authorize/)
  await shot("04-development-platform")
  await page.locator("form button").first().click()
  await page.waitForURL(`${appUrl}/`)
  await page.getByRole("heading", { name: "Signed in as Alex Admin" }).waitFor()
  check(!(await page.getByText("Not linked").isVisible()), "after linking the web client shows the platform account")
  check((await page.getByRole("link", { name: "Link a game-platform account" }).count()) === 0, "the link offer is gone")
  await shot("05-home-linked")

  // The reference's own bytes and what loading it costs, as the browser counts them (compressed, on the wire).
  const cdp = await context.newCDPSession(page)
  await cdp.send("Network.enable")
  const transferred = new Map()
  const urls = new Map()
  cdp.on("Network.responseReceived", (event) => urls.set(event.requestId, new URL(event.response.url).pathname))
  cdp.on("Network.loadingFinished", (event) => transferred.set(event.requestId, event.encodedDataLength))
  const opened = Date.now()
  await page.getByRole("link", { name: "API reference" }).click()
  await page.waitForURL(`${appUrl}/api/docs`)
  await page.getByRole("heading", { name: "Bluelight API" }).first().waitFor({ timeout: 30_000 })
  // The content pane is drawn after the sidebar; on a busy machine it stays blank for a while.
  await page.getByText("Download OpenAPI Document").first().waitFor({ timeout: 30_000 })
  const shownMs = Date.now() - opened
  const sizes = [...transferred].map(([id, bytes]) => `${urls.get(id)} ${bytes} B`).join(", ")
  console.log(`     the reference was shown ${shownMs} ms after the click; on the wire: ${sizes}`)
  await cdp.detach()
  const html = await page.evaluate(() => fetch("/api/docs", { headers: { "accept-encoding": "identity" } }).then((reply) => reply.text()))
  check(html.length < 4096, `the reference page is small (${html.length} bytes of HTML): Scalar's script and the description load by URL`)
  const script = await page.evaluate(() => document.querySelector("script[src]")?.getAttribute("src") ?? "")
  check(/^\/api\/docs\/scalar-[\w-]{20}\.js$/.test(script), `Scalar's script is loaded by its hashed name (${script})`)
  await page.waitForTimeout(1500)
  await shot("06-api-reference")
  check(await page.evaluate(() => document.querySelector("link[rel=\"icon\"]")?.getAttribute("href") === "/favicon.svg"), "the reference links its favicon")
  check(
    (await page.evaluate(() => fetch("/favicon.svg").then((reply) => reply.headers.get("content-type")))) === "image/svg+xml",
    "the favicon is served as SVG"
  )
  for (const hidden of ["Developer Tools", "Generate SDKs", "Share", "Open API Client"]) {
    check((await page.getByText(hidden, { exact: true }).count()) === 0, `the reference shows no "${hidden}"`)
  }
  check(
    !(await page.getByText("No authentication selected").first().isVisible().catch(() => false)),
    "the authentication panel has the session cookie selected"
  )

  // A write: the warning first, the status tabs all visible.
  await page.goto(`${appUrl}/api/docs#tag/administration/POST/api/admin/roles`)
  await page.getByRole("heading", { name: "Create a role" }).waitFor({ timeout: 30_000 })
  await page.waitForTimeout(1500)
  check(await page.getByText("Test Request sends this for real.").first().isVisible(), "a write warns that Test Request really sends it")
  const tabs = page.locator(".response-card .tab-list").first()
  check(await tabs.evaluate((list) => list.scrollWidth <= list.clientWidth), "the response's status tabs all fit (they wrap)")
  await page.screenshot({ path: join(shots, "06b-api-reference-write.png") })
  console.log("     screenshot browser-check/06b-api-reference-write.png (a write operation)")

  // The authentication panel's Value field is empty, and says so: no placeholder that reads as a token.
  const value = page.locator("input[placeholder]").filter({ visible: true }).first()
  const field = await value.evaluate((input) => ({ placeholder: input.getAttribute("placeholder"), value: input.value }))
  check(field.value === "" && field.placeholder === "empty: no value set", `the session's Value field is empty and says so (${JSON.stringify(field)})`)

  // The copied curl of a write, the reader's session token pasted into the Value field, works as copied: it carries Origin.
  const session = (await context.cookies()).find((cookie) => cookie.name === "bluelight-session")
  await value.fill(session?.value ?? "")
  await page.waitForTimeout(500)
  const write = page.locator("section[id$=\"/tag/administration/POST/api/admin/roles\"]")
  await write.getByRole("button", { name: "Copy", exact: true }).first().click()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  check(copied.includes(`--header 'Origin: ${new URL(appUrl).origin}'`), "the copied curl of a write carries Origin: APP_URL")
  const sent = execFileSync("bash", ["-c", `${copied} --silent --show-error --write-out '\\n%{http_code}'`], { encoding: "utf8" })
  check(sent.trimEnd().endsWith("\n201"), `the copied curl of POST /api/admin/roles, run as copied, creates the role (${sent.trimEnd().split("\n").at(-1)})`)
  await value.fill("")

  // Test Request of a write (another role's name: the copied sample made its own): the browser sends its own Origin and cookie.
  await write.getByRole("button", { name: "Test Request" }).click()
  await page.waitForTimeout(1000)
  await page.locator(".cm-content").filter({ hasText: "Dispatcher" }).last().click()
  await page.keyboard.press("ControlOrMeta+A")
  await page.keyboard.insertText(`{"name": "Tested from the reference", "permissions": ["cad.view"]}`)
  const created = page.waitForResponse((response) => response.url() === `${appUrl}/api/admin/roles` && response.request().method() === "POST")
  await page.getByRole("button", { name: /^Send Request/ }).click()
  check((await created).status() === 201, "Test Request on POST /api/admin/roles is sent with the browser's Origin and cookie")
  await page.screenshot({ path: join(shots, "06c-api-reference-test-request-write.png") })
  console.log("     screenshot browser-check/06c-api-reference-test-request-write.png (Test Request, POST /api/admin/roles)")
  await page.keyboard.press("Escape")

  // Test Request carries the browser's own cookie: GET /api/me answers the signed-in person.
  await page.goto(`${appUrl}/api/docs#tag/authentication/GET/api/me`)
  await page.getByRole("heading", { name: "The signed-in person" }).waitFor({ timeout: 30_000 })
  await page.waitForTimeout(1000)
  await page.locator("section[id$=\"/tag/authentication/GET/api/me\"]").getByRole("button", { name: "Test Request" }).click()
  const answer = page.waitForResponse((response) => response.url() === `${appUrl}/api/me`)
  await page.getByRole("button", { name: /^Send/ }).first().click()
  check((await answer).status() === 200, "Test Request on GET /api/me is signed in by the browser's cookie")
  await page.waitForTimeout(1000)
  await page.screenshot({ path: join(shots, "06d-api-reference-test-request.png") })
  console.log("     screenshot browser-check/06d-api-reference-test-request.png (Test Request, GET /api/me)")
  await page.keyboard.press("Escape")

  // The event stream: its sample and how to follow it.
  await page.goto(`${appUrl}/api/docs#tag/cad-history/GET/api/cad/events/stream`)
  await page.getByRole("heading", { name: "Follow the CAD history live" }).waitFor({ timeout: 30_000 })
  await page.waitForTimeout(1500)
  check(await page.getByText(": connected").first().isVisible(), "the stream operation shows what the stream sends")
  await page.screenshot({ path: join(shots, "06e-api-reference-stream.png") })
  console.log("     screenshot browser-check/06e-api-reference-stream.png (the CAD event stream)")

  await page.goto(`${appUrl}/`)
  await page.getByRole("button", { name: "Sign out" }).click()
  await page.waitForURL(`${appUrl}/`)
  await page.getByRole("heading", { name: "Sign in to Bluelight" }).waitFor()
  check(await page.getByRole("heading", { name: "Sign in to Bluelight" }).isVisible(), "sign-out from the web client ends on the signed-out page")
  await shot("07-home-after-sign-out")

  await page.goto(`${appUrl}/api/auth/idp/callback?code=forged&state=forged`)
  check(await page.getByText("Signing in did not work").isVisible(), "a failed sign-in shows a page, not JSON")
  await shot("08-failed-sign-in")
  await page.getByRole("link", { name: "Start again" }).click()
  await page.waitForURL(/\/dev\/idp\/authorize/)
  check(true, "its Start again link starts a new sign-in")

  check(deprecations.length === 0, `Scalar warns of no deprecated option${deprecations.length ? `: ${deprecations.join(" | ")}` : ""}`)
  check(policyViolations.length === 0, `no Content-Security-Policy violations${policyViolations.length ? `: ${policyViolations.join(" | ")}` : ""}`)
  check(elsewhere.length === 0, `nothing was asked of another site${elsewhere.length ? `: ${elsewhere.join(", ")}` : ""}`)
  // Signed out, the web client asks who is signed in (`401` for no one) before it offers signing in.
  const expected = (entry) => entry.includes("/api/auth/idp/callback?code=forged") || entry === `401 ${appUrl}/api/me`
  const unexpected = failedResponses.filter((entry) => !expected(entry))
  check(unexpected.length === 0, `no other failed responses${unexpected.length ? `: ${unexpected.join(", ")}` : ""}`)
  await context.close()
} finally {
  await browser.close()
  server.kill("SIGTERM")
  await once(server, "exit")
  rmSync(dataDir, { recursive: true, force: true })
}

console.log(problems.length === 0 ? "browser check passed" : `browser check failed: ${problems.length} problem(s)`)
process.exitCode = problems.length === 0 ? 0 : 1
