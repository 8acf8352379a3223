#!/usr/bin/env node
// `npm run demo`: the built server on the development defaults with a demo community in it
// (scripts/demo/community.mjs), seeded through the public API, then kept running in the foreground
// until Ctrl-C or SIGTERM, which it forwards. Refuses to run in production.
import { refusal } from "./refusals.mjs"
import { report } from "./report.mjs"
import { seed } from "./seed.mjs"
import { startServer } from "./server.mjs"

const refused = refusal(process.env)
if (refused !== undefined) {
  console.error(refused)
  process.exit(1)
}

const { server, listening } = startServer(process.env)
// A terminal's Ctrl-C reaches the server too (one process group); it stops on the first and takes a second calmly.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal))
let failed = false
server.once("exit", (code, signal) => process.exit(failed ? 1 : code ?? (signal === null ? 1 : 0)))

try {
  const appUrl = await listening
  console.error(report(appUrl, await seed(appUrl)))
} catch (error) {
  console.error(`demo: seeding failed: ${error instanceof Error ? error.message : String(error)}`)
  failed = true
  server.kill("SIGTERM")
}
