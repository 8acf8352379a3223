import { spawn } from "node:child_process"
import { once } from "node:events"
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { listOf } from "./harness/body.js"
import { type RunningServer, startServer } from "./harness/server.js"
import { until } from "./harness/until.js"

/** A pid that no process has any longer. */
const deadPid = async () => {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" })
  await once(child, "exit")
  return child.pid!
}

describe("the embedded default", () => {
  it("runs with no DATABASE_URL, alone on its DATA_DIR, and keeps data across a restart", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "bluelight-data-"))
    const lock = join(dataDir, "bluelight.lock")
    try {
      const first = await startServer({ process: true, database: null, env: { DATA_DIR: dataDir } })
      try {
        expect((await first.request("GET", "/api/health")).body).toMatchObject({ status: "ok", database: "up", redis: "off" })

        // Two processes on one PGlite directory would each overwrite the other's writes.
        const refused = await startServer({ process: true, database: null, env: { DATA_DIR: dataDir } }).then(
          async (server) => {
            await server.stop()
            throw new Error("a second process started on the same DATA_DIR")
          },
          (error: Error) => error.message
        )
        expect(refused).toMatch(/exited with 1/)
        expect(refused.split("\n").filter((line) => line.startsWith("bluelight: "))).toEqual([
          `bluelight: DATA_DIR ${dataDir} is in use by another process (pid ${first.process?.pid}): stop it first, or remove ${lock} if that process is not Bluelight`
        ])

        expect((await first.request("POST", "/api/__test/audit", { body: { action: "test.survives" } })).status).toBe(201)
      } finally {
        expect(await first.stop()).toBe(0)
      }
      expect(existsSync(lock)).toBe(false)

      // A lock left by a process that died without removing it is taken over.
      writeFileSync(lock, `${await deadPid()}\n`)
      const second = await startServer({ process: true, database: null, env: { DATA_DIR: dataDir } })
      try {
        const reply = await second.request("GET", "/api/__test/audit")
        expect(listOf<{ action: string }>(reply).data.map((entry) => entry.action)).toContain("test.survives")
      } finally {
        await second.stop()
      }
      expect(existsSync(lock)).toBe(false)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe("production settings", () => {
  it("refuses to start without DATABASE_URL, with one clear line per missing setting", async () => {
    await expect(
      startServer({
        database: null,
        testHooks: false,
        env: {
          NODE_ENV: "production",
          APP_URL: "https://bluelight.example",
          IDP_CLIENT_ID: "id",
          IDP_CLIENT_SECRET: "secret",
          IDP_AUTHORIZE_URL: "https://idp.example/authorize",
          IDP_TOKEN_URL: "https://idp.example/token",
          IDP_USERINFO_URL: "https://idp.example/userinfo"
        }
      })
    ).rejects.toThrow(/exited with 1[\s\S]*missing required setting DATABASE_URL/)
  })

  it("names every missing setting on its own line and never leaks a secret", async () => {
    const error = await startServer({
      database: null,
      testHooks: false,
      env: { NODE_ENV: "production", APP_URL: undefined, IDP_CLIENT_SECRET: "super-secret-value" }
    }).then(() => undefined, (e: Error) => e.message)
    expect(error).toBeDefined()
    const lines = error!.split("\n").filter((line) => line.startsWith("bluelight: "))
    expect(lines).toEqual(expect.arrayContaining([
      "bluelight: missing required setting DATABASE_URL",
      "bluelight: missing required setting APP_URL",
      "bluelight: missing required setting IDP_CLIENT_ID"
    ]))
    expect(error).not.toContain("super-secret-value")
  })
})

/** Waits until the slow test hook has begun handling the request (it logs so first). */
const slowBegun = (server: RunningServer, ms: number) =>
  until(`the slow request (${ms} ms) in the handler`, () => server.logs.some((line) => line.message === `test hooks: sleeping ${ms} ms`))

describe("graceful shutdown", () => {
  it("on SIGTERM finishes the request in flight, then exits 0", async () => {
    const server = await startServer({ process: true })
    const inFlight = server.request("GET", "/api/__test/slow?ms=1500")
    await slowBegun(server, 1500)
    const exit = server.stop("SIGTERM")
    const reply = await inFlight
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({ data: { sleptMs: 1500 } })
    expect(await exit).toBe(0)
  })

  it("a request slower than SHUTDOWN_GRACE_SECONDS does not hold the exit: its connection is closed at the grace, and the exit is 0", async () => {
    const server = await startServer({ process: true, env: { SHUTDOWN_GRACE_SECONDS: "1" } })
    const inFlight = server.request("GET", "/api/__test/slow?ms=10000").then(
      (reply) => `answered ${reply.status}`,
      () => "cut off"
    )
    await slowBegun(server, 10000)
    const exit = server.stop("SIGTERM")
    expect(await inFlight).toBe("cut off")
    expect(await exit).toBe(0)
    expect(server.logs.some((line) => line.logLevel === "WARN" && String(line.message).startsWith("shutdown: requests still open after 1s"))).toBe(true)
    // The request cut off is logged like a client that left (499), not as a defect.
    expect(server.logs.filter((line) => line.logLevel === "ERROR")).toEqual([])
    expect(server.logs.find((line) => line.annotations?.["route"] === "/api/__test/slow")?.annotations?.["status"]).toBe(499)
  })
})

describe("audit entries", () => {
  it("name the request that made them", async () => {
    const server = await startServer()
    try {
      const write = await server.request("POST", "/api/__test/audit", { body: { action: "test.named" } })
      const reply = await server.request("GET", "/api/__test/audit?limit=1")
      expect(listOf(reply).data[0]).toMatchObject({ action: "test.named", requestId: write.headers.get("x-request-id") })
    } finally {
      await server.stop()
    }
  })
})
