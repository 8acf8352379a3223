import { spawn } from "node:child_process"
import { once } from "node:events"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { acquireLock, LOCK_FILE, releaseLock } from "../src/dataDirLock.js"

let directory: string
let lock: string
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "bluelight-lock-"))
  lock = join(directory, LOCK_FILE)
})
afterEach(() => rmSync(directory, { recursive: true, force: true }))

const deadPid = async () => {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" })
  await once(child, "exit")
  return child.pid!
}

describe("the DATA_DIR lock", () => {
  it("is a file holding this pid, removed on release", () => {
    expect(acquireLock(lock)).toEqual({ _tag: "Acquired" })
    expect(readFileSync(lock, "utf8")).toBe(`${process.pid}\n`)
    releaseLock(lock)
    expect(existsSync(lock)).toBe(false)
  })

  it("held by a running process is refused, naming it, and left as it is", () => {
    writeFileSync(lock, `${process.ppid}\n`)
    expect(acquireLock(lock)).toEqual({ _tag: "Held", pid: process.ppid })
    releaseLock(lock)
    expect(readFileSync(lock, "utf8")).toBe(`${process.ppid}\n`)
  })

  it("is taken over when its process no longer runs, when it names this very pid, or when it names none", async () => {
    for (const content of [`${await deadPid()}\n`, `${process.pid}\n`, "", "not a pid"]) {
      writeFileSync(lock, content)
      expect(acquireLock(lock)).toEqual({ _tag: "Acquired" })
      expect(readFileSync(lock, "utf8")).toBe(`${process.pid}\n`)
      releaseLock(lock)
    }
    expect(readdirSync(directory)).toEqual([])
  })
})
