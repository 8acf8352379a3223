import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { expect } from "vitest"
import { asSession, type CadClient } from "../harness/cad.js"
import { type DevIdentity, meData, SESSION_COOKIE, type Session, sessionOf, signIn, staffMember } from "../harness/identity.js"
import { freshDatabase } from "../harness/database.js"
import { type RunningServer, startServer, type StartOptions } from "../harness/server.js"
import { watchPage } from "./pageProblems.js"

export { expectAccessible } from "./accessibility.js"
export { checkPage, screenshot } from "./screenshots.js"

/**
 * The harness of the browser tests: a real server (test/harness/server.ts: Postgres when
 * TEST_DATABASE_URL is set, a fresh database each, else PGlite), Debian's Chromium driven by
 * playwright-core, and people: each person is a browser context of their own (their own cookies
 * and storage, as two browsers on two desks), signed in through the app's own pages.
 */

/** The flags of a quiet headless Chromium: no network of its own, no updates, no first-run pages. */
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync"
]

/**
 * How long one step may wait for the page: an answer, a chunk, a redraw. Idle, well under a
 * second; on the loaded two-core machine a server busy starting beside it answers in seconds.
 */
const STEP_MS = 30_000

/** The administrator every world has: named in BLUELIGHT_ADMIN_IDENTITY_IDS, signed in from Node. */
const ADMIN: DevIdentity = { id: "browser-admin", username: "browser.admin", displayName: "Bea Browser-Admin" }

/** Someone to sign in as: the development provider takes any id, username and display name. */
export interface Identity {
  readonly id: string
  readonly displayName: string
  readonly username?: string
}

export interface Person {
  readonly identity: Identity
  /** Their browser: their cookies and storage, nobody else's. */
  readonly context: BrowserContext
  readonly page: Page
  /** Their account's id. */
  readonly accountId: string
  /** The session cookie their browser holds now (it changes when the session rotates), for calls from Node as them. */
  readonly session: () => Promise<Session>
  /** The API as them, from Node (their current session; raw `call` or typed `run`): to set a scene up, or change it behind their screen. */
  readonly api: () => Promise<CadClient>
}

export interface PersonOptions {
  /** Permissions given to them through the API before they sign in: a role holding these, on a new staff profile. None: a member. */
  readonly permissions?: ReadonlyArray<string>
  /**
   * The address they open before signing in, and come back to signed in (a path). Without it they
   * sign in from the home page, and the app opens their first room (the home page when their roles open none).
   */
  readonly at?: string
}

export interface World {
  /** The server running now (a new one after `restartServer`, on the same address and database). */
  readonly server: RunningServer
  readonly browser: Browser
  /** The administrator's session, for the API calls that set a test up. */
  readonly admin: Session
  /** The API as the administrator (raw `call` or typed `run`). */
  readonly adminApi: CadClient
  /** A person in a browser of their own, signed in through the app, on the page it opens after signing in (or `at`). */
  readonly person: (identity: Identity, options?: PersonOptions) => Promise<Person>
  /** A browser of its own nobody signed in to yet, on the app's home page. */
  readonly stranger: () => Promise<Page>
  /** An address of the app. */
  readonly url: (path: string) => string
  /** Stops the server, as a crash or a deploy would, while the pages stay open. */
  readonly stopServer: () => Promise<void>
  /** Starts the server again on the same address and database (sessions and data kept), stopping it first if it runs. */
  readonly restartServer: () => Promise<void>
  /** Closes the browser, then stops the server (safe to call after the server was stopped by a test). */
  readonly close: () => Promise<void>
}

const devIdentity = (identity: Identity): DevIdentity => ({
  id: identity.id,
  username: identity.username ?? identity.id.replace(/[^A-Za-z0-9]+/g, ".").toLowerCase(),
  displayName: identity.displayName
})

/**
 * On the development provider's page (after the app's "Sign in" or "Sign in again"): types this
 * identity into its "Someone else" form and signs in, and waits until the browser is back on the app.
 */
export const chooseIdentity = async (page: Page, identity: Identity, appUrl: string): Promise<void> => {
  await page.getByRole("heading", { name: "Identity provider: development sign-in" }).waitFor()
  const typed = devIdentity(identity)
  await page.getByRole("textbox", { name: "Identity id" }).fill(typed.id)
  await page.getByRole("textbox", { name: "Username" }).fill(typed.username!)
  await page.getByRole("textbox", { name: "Display name (optional)" }).fill(typed.displayName!)
  await page.getByRole("button", { name: "Sign in", exact: true }).click()
  await page.waitForURL((url) => url.origin === new URL(appUrl).origin && !url.pathname.startsWith("/dev/"))
}

/** From the app's signed-out page: its sign-in button, the provider's page, back signed in as `identity`. */
export const signInThroughApp = async (page: Page, identity: Identity, appUrl: string, button = "Sign in"): Promise<void> => {
  await page.getByRole("button", { name: button, exact: true }).click()
  await chooseIdentity(page, identity, appUrl)
}

/** The session cookie a browser holds. */
export const sessionIn = async (context: BrowserContext): Promise<Session> => {
  const cookie = (await context.cookies()).find((each) => each.name === SESSION_COOKIE)
  expect(cookie, "the browser holds a session cookie").toBeDefined()
  return sessionOf(cookie!.value)
}

/**
 * Starts a server (with `options`; its administrator added) and Chromium. One world per test
 * file: call it in `beforeAll`, and `close` in `afterAll`.
 */
export const startWorld = async (options: StartOptions = {}): Promise<World> => {
  // The world holds the database, not the server, so that a restarted server finds everything where it was.
  const ownsDatabase = options.database === undefined
  const database = options.database === undefined ? await freshDatabase() : options.database
  const serverOptions: StartOptions = { ...options, database, env: { BLUELIGHT_ADMIN_IDENTITY_IDS: ADMIN.id, ...options.env } }
  const [started, launched] = await Promise.allSettled([
    startServer(serverOptions),
    chromium.launch({ executablePath: process.env["CHROMIUM"] ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS })
  ])
  if (started.status === "rejected" || launched.status === "rejected") {
    // Whichever did start is ended before the failure is thrown.
    if (launched.status === "fulfilled") await launched.value.close()
    if (started.status === "fulfilled") await started.value.stop()
    if (ownsDatabase) await database?.dispose()
    throw started.status === "rejected" ? started.reason : (launched as PromiseRejectedResult).reason
  }
  let server = started.value
  const browser = launched.value
  const url = (path: string) => `${server.url}${path}`
  const admin = await signIn(server, ADMIN)

  const newPage = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-GB", baseURL: server.url })
    context.setDefaultTimeout(STEP_MS)
    context.setDefaultNavigationTimeout(STEP_MS)
    const page = await context.newPage()
    watchPage(page)
    return { context, page }
  }

  const stranger = async () => {
    const { page } = await newPage()
    await page.goto(url("/"))
    return page
  }

  const person: World["person"] = async (identity, personOptions = {}) => {
    // Roles go to an account, which the first sign-in makes: signed in once from Node, given the role, then in the browser.
    if (personOptions.permissions !== undefined) await staffMember(server, admin, devIdentity(identity), personOptions.permissions)
    const { context, page } = await newPage()
    const at = personOptions.at ?? "/"
    await page.goto(url(at))
    await signInThroughApp(page, identity, server.url)
    // Every signed-in page names the person in its header; with `at`, the app has brought them back there.
    await page.getByRole("banner").getByRole("link", { name: `Who I am: ${identity.displayName}` }).waitFor()
    if (personOptions.at !== undefined) await expect.poll(() => new URL(page.url()).pathname).toBe(new URL(url(at)).pathname)
    const accountId = (await meData(server, await sessionIn(context))).id
    const session = () => sessionIn(context)
    return { identity, context, page, accountId, session, api: async () => asSession(server, await session()) }
  }

  const stopServer = async () => {
    await server.stop()
  }

  const restartServer = async () => {
    await server.stop()
    const port = new URL(server.url).port
    server = await startServer({ ...serverOptions, env: { ...serverOptions.env, PORT: port, APP_URL: `http://127.0.0.1:${port}` } })
  }

  const close = async () => {
    await browser.close()
    await server.stop()
    if (ownsDatabase) await database?.dispose()
  }

  return {
    get server() {
      return server
    },
    browser,
    admin,
    get adminApi() {
      return asSession(server, admin)
    },
    person,
    stranger,
    url,
    stopServer,
    restartServer,
    close
  }
}
