import { createServer, type Socket } from "node:net"
import { describe, expect, it } from "vitest"
import { freshDatabase } from "./harness/database.js"
import { cookieRead, signIn } from "./harness/identity.js"
import { startServer } from "./harness/server.js"

/** A TCP server that accepts connections and never answers: a hung service, or the wrong port. */
const silentSocket = async () => {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on("error", () => {})
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (typeof address !== "object" || address === null) throw new Error("no port")
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}

/**
 * Just enough of Redis for a client to connect: `+OK` to every command (the
 * handshake and its INFO ready check read it as "not loading"), until
 * `silence()`, after which it keeps the connection and answers nothing.
 */
const fakeRedis = async () => {
  let silent = false
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on("error", () => {})
    socket.on("close", () => sockets.delete(socket))
    socket.on("data", (chunk) => {
      if (silent) return
      // Every command arrives as a RESP array: one `*` per command at a line start.
      const commands = chunk.toString("latin1").split("\r\n").filter((line) => line.startsWith("*")).length
      socket.write("+OK\r\n".repeat(commands))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  if (typeof address !== "object" || address === null) throw new Error("no port")
  return {
    port: address.port,
    silence: () => {
      silent = true
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}

/** The stderr lines a failed start printed, from the harness's error. */
const startFailure = (error: unknown) => {
  const message = error instanceof Error ? error.message : String(error)
  return { message, lines: message.split("\n").filter((line) => line.startsWith("bluelight: ")) }
}

// Both tests wait on a socket, not the processor: side by side.
describe.concurrent("start-up against a service that accepts connections and never answers", () => {
  it("a silent Redis: starts anyway, warns, and counts rate limits in process memory", async () => {
    const redis = await silentSocket()
    try {
      const server = await startServer({ env: { REDIS_URL: `redis://127.0.0.1:${redis.port}`, RATE_LIMIT_READS_PER_MINUTE: "2" } })
      try {
        const listening = server.logs.findIndex((line) => String(line.message).startsWith("listening on "))
        const warning = server.logs.findIndex((line) => line.logLevel === "WARN" && /Redis/.test(String(line.message)))
        expect(warning).toBeGreaterThanOrEqual(0)
        expect(warning).toBeLessThan(listening)
        expect(JSON.stringify(server.logs)).not.toContain(`127.0.0.1:${redis.port}`)
        expect((await server.request("GET", "/api/health")).body).toMatchObject({ status: "ok", database: "up", redis: "down" })

        // Counted although Redis never answered: in this process's memory.
        const session = await signIn(server, { id: "silent-redis" })
        const reply = await server.request("GET", "/api/me", { headers: cookieRead(session) })
        expect(reply.status).toBe(200)
        expect(reply.headers.get("ratelimit")).toMatch(/;r=1;/)
      } finally {
        await server.stop()
      }
    } finally {
      await redis.close()
    }
  })

  it("a Redis that stops answering while the server runs: shutdown still ends", async () => {
    const redis = await fakeRedis()
    try {
      const server = await startServer({ env: { REDIS_URL: `redis://127.0.0.1:${redis.port}` } })
      try {
        expect((await server.request("GET", "/api/health")).body).toMatchObject({ status: "ok", database: "up", redis: "up" })
        redis.silence()
      } finally {
        expect(await server.stop()).toBe(0)
      }
    } finally {
      await redis.close()
    }
  })

  it("a silent Postgres: start-up fails within the connect timeout with one clear line", async () => {
    const postgres = await silentSocket()
    try {
      const failure = await startServer({
        database: null,
        env: { DATABASE_URL: `postgres://bluelight:secret-password@127.0.0.1:${postgres.port}/bluelight` }
      }).then(
        async (server) => {
          await server.stop()
          throw new Error("the server started without a database")
        },
        startFailure
      )
      expect(failure.message).toMatch(/exited with 1/)
      expect(failure.lines).toEqual([`bluelight: the database at 127.0.0.1:${postgres.port}/bluelight did not answer within 5s`])
      expect(failure.message).not.toContain("secret-password")
      expect(failure.message).not.toMatch(/\bat .*\.js:\d+/)
    } finally {
      await postgres.close()
    }
  })
})

describe("a setting the server does not understand", () => {
  it("LOG_LEVEL=verbose: the server refuses to start with one line naming the setting and the levels it takes", async () => {
    const failure = await startServer({ database: null, env: { LOG_LEVEL: "verbose" } }).then(
      async (server) => {
        await server.stop()
        throw new Error("the server started with an unknown LOG_LEVEL")
      },
      startFailure
    )
    expect(failure.message).toMatch(/exited with 1/)
    expect(failure.lines).toEqual([
      "bluelight: invalid setting LOG_LEVEL: expected one of all, trace, debug, info, warn, warning, error, none (in any case) but received \"verbose\""
    ])
  })
})

describe("a database the migrations cannot apply to", () => {
  it("stops the start with one line naming the migration and why, not a silent exit", async () => {
    const database = await freshDatabase()
    try {
      // A table of that name already there, as in a database some other tool made.
      await database.query("CREATE TABLE accounts (x integer)")
      const failure = await startServer({ database }).then(
        async (server) => {
          await server.stop()
          throw new Error("the server started on a database it could not migrate")
        },
        startFailure
      )
      expect(failure.message).toMatch(/exited with 1/)
      expect(failure.lines).toEqual([
        `bluelight: the database could not be migrated: Migration "2_identity" failed: Failed to execute statement: relation "accounts" already exists`
      ])
    } finally {
      await database.dispose()
    }
  })
})
