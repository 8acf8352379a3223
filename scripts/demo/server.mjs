// The built server started as `npm start` starts it: the same environment (the caller's own), from
// the repository's root so that DATA_DIR's default `./data` is the same folder and the demo
// community persists between runs; the administrator is dev-admin unless the caller names one.
import { spawn } from "node:child_process"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"

const ROOT = fileURLToPath(new URL("../..", import.meta.url))
/** Migrations on a first run and a loaded machine's scheduling; an idle start takes about 2 s. */
const START_BOUND_MS = 120_000

/**
 * Starts packages/server/dist/main.js; its JSON log lines pass through to our stdout, its stderr
 * (the start-up summary) to ours. Answers the child and its APP_URL once it logs "listening on ".
 */
export const startServer = (env) => {
  const server = spawn(process.execPath, [join(ROOT, "packages/server/dist/main.js")], {
    cwd: ROOT,
    env: { ...env, BLUELIGHT_ADMIN_IDENTITY_IDS: env.BLUELIGHT_ADMIN_IDENTITY_IDS ?? "dev-admin" },
    stdio: ["ignore", "pipe", "inherit"]
  })
  const listening = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not listen within ${START_BOUND_MS / 1000} s`)), START_BOUND_MS)
    createInterface({ input: server.stdout }).on("line", (line) => {
      process.stdout.write(`${line}\n`)
      try {
        const entry = JSON.parse(line)
        if (typeof entry.message === "string" && entry.message.startsWith("listening on ")) {
          clearTimeout(timer)
          resolve(String(entry.annotations.url).replace(/\/$/, ""))
        }
      } catch {
        // Not a log line.
      }
    })
    server.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited with ${code} before listening`))
    })
  })
  return { server, listening }
}
