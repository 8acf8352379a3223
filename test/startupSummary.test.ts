import { describe, expect, it } from "vitest"
import { freshDatabase } from "./harness/database.js"
import { startServer } from "./harness/server.js"

/** The summary's rows, `name → value`, from what the server printed on stderr. */
const summaryOf = (stderr: string) => {
  const lines = stderr.split("\n")
  const start = lines.indexOf("Bluelight is running.")
  if (start < 0) return undefined
  const rows = new Map<string, string>()
  for (const line of lines.slice(start + 1)) {
    const row = /^ {2}(\S.*?) {2,}(\S.*)$/.exec(line)
    if (row === null) break
    rows.set(row[1]!, row[2]!)
  }
  return rows
}

describe("the start-up summary", () => {
  it("outside production tells a person on stderr where to go, what runs, how to sign in as admin and how to stop", async () => {
    const database = await freshDatabase()
    try {
      // A password in DATABASE_URL (the test databases ignore it) must not reach the terminal.
      const url = new URL(database.url)
      url.password = "summary-secret"
      const server = await startServer({
        database,
        env: { DATABASE_URL: url.toString(), BLUELIGHT_ADMIN_IDENTITY_IDS: "dev-admin", SHUTDOWN_GRACE_SECONDS: "7" }
      })
      try {
        const rows = summaryOf(server.stderr())
        expect(rows).toBeDefined()
        expect(Object.fromEntries(rows!)).toEqual({
          "open": `${server.url}/`,
          "API reference": `${server.url}/api/docs`,
          "listening on": new URL(server.url).host,
          "database": `Postgres at ${url.host}${url.pathname}`,
          "rate counters and locks": "in process memory",
          "identity provider": `development sign-in at ${server.url}/dev/idp (start at ${server.url}/api/auth/idp)`,
          "game platform": `development provider at ${server.url}/dev/platform`,
          "game server": "the built-in simulator on a loopback port",
          "game webhook": `${server.url}/api/game/events, signed by the built-in simulator`,
          "role sync": "every 10 min, against the development identity provider's roles",
          "administrator": `open ${server.url}/, choose Sign in and pick dev-admin`,
          "stop": "Ctrl-C (or SIGTERM); requests in flight get up to 7s"
        })
        expect(server.stderr()).not.toContain("summary-secret")
        // The machine's line is still there, on stdout, with the same facts.
        const listening = server.logs.find((line) => String(line.message).startsWith("listening on "))
        expect(listening?.annotations?.["defaults"]).toEqual(
          ["rate counters and locks", "identity provider", "game platform", "game server", "game webhook", "role sync"].map((name) =>
            `${name}: ${rows!.get(name)}`
          )
        )
      } finally {
        await server.stop()
      }
    } finally {
      await database.dispose()
    }
  })

  it("is not printed in production, where stderr is for what went wrong", async () => {
    const idp = (name: string) => `http://127.0.0.1:9/${name}`
    const server = await startServer({
      testHooks: false,
      env: {
        NODE_ENV: "production",
        IDP_CLIENT_ID: "client",
        IDP_CLIENT_SECRET: "secret",
        IDP_AUTHORIZE_URL: idp("authorize"),
        IDP_TOKEN_URL: idp("token"),
        IDP_USERINFO_URL: idp("userinfo")
      }
    })
    try {
      expect(server.logs.some((line) => String(line.message).startsWith("listening on "))).toBe(true)
      expect(server.stderr()).toBe("")
    } finally {
      await server.stop()
    }
  })
})
