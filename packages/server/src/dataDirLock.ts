import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs"

/** The lock file's name inside `DATA_DIR`. */
export const LOCK_FILE = "bluelight.lock"

/** Taken, or held by a running process (`pid` undefined: by one that was taking it at the same moment). */
export type LockOutcome =
  | { readonly _tag: "Acquired" }
  | { readonly _tag: "Held"; readonly pid: number | undefined }

const errorCode = (error: unknown): unknown => (error as { code?: unknown }).code

/** Creates the lock holding this pid, atomically: false when it exists already. */
const create = (path: string): boolean => {
  let fd: number
  try {
    fd = openSync(path, "wx")
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false
    throw error
  }
  try {
    writeSync(fd, `${process.pid}\n`)
  } finally {
    closeSync(fd)
  }
  return true
}

/** The pid a lock file names: undefined when unreadable as one, "gone" when there is no file. */
const holderOf = (path: string): number | undefined | "gone" => {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (error) {
    if (errorCode(error) === "ENOENT") return "gone"
    throw error
  }
  const pid = Number(text.trim())
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined
}

/**
 * Whether `pid` is a process still running. This process's own pid is never a
 * holder: a lock naming it was left by an earlier process that had the same pid
 * (a container restarted with its volume starts from the same pids).
 */
const isRunning = (pid: number): boolean => {
  if (pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, under another user.
    return errorCode(error) === "EPERM"
  }
}

/**
 * Takes the lock at `path` (a file holding the owner's pid, created with
 * O_EXCL), taking over a stale one whose process no longer runs.
 *
 * Two processes may find the same stale lock at once; the takeover moves the
 * file aside (a rename: only one of them moves any given file) and checks that
 * what it moved is the stale lock. If it moved a lock another process has just
 * taken, it puts that back (a link, which never replaces a file) and gives way.
 */
export const acquireLock = (path: string): LockOutcome => {
  for (let attempt = 0; attempt < 3; attempt++) {
    if (create(path)) return { _tag: "Acquired" }
    const holder = holderOf(path)
    if (holder === "gone") continue
    if (holder !== undefined && isRunning(holder)) return { _tag: "Held", pid: holder }
    const aside = `${path}.${process.pid}.stale`
    try {
      renameSync(path, aside)
    } catch (error) {
      if (errorCode(error) === "ENOENT") continue
      throw error
    }
    const moved = holderOf(aside)
    // A different holder that is not a dead pid: a lock taken (or being written) meanwhile.
    if (moved !== holder && moved !== "gone" && (moved === undefined || isRunning(moved))) {
      try {
        linkSync(aside, path)
      } catch (error) {
        if (errorCode(error) !== "EEXIST") throw error
      }
      unlinkSync(aside)
      return { _tag: "Held", pid: moved }
    }
    if (moved !== "gone") unlinkSync(aside)
  }
  return { _tag: "Held", pid: undefined }
}

/** Removes the lock at `path` if this process holds it. */
export const releaseLock = (path: string): void => {
  if (holderOf(path) !== process.pid) return
  try {
    unlinkSync(path)
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error
  }
}
