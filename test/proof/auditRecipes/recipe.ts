import type { GameServerSimulator } from "@bluelight/adapters-game"
import type { AuditAction } from "@bluelight/core/kernel"
import { expect } from "vitest"
import { dataOf } from "../../harness/body.js"
import type { TestDatabase } from "../../harness/database.js"
import { type Session, write } from "../../harness/identity.js"
import type { Reply, RunningServer } from "../../harness/server.js"

/** What every recipe acts in: one server, its database, an administrator (every permission) and the game simulator. */
export interface World {
  readonly server: RunningServer
  readonly database: TestDatabase
  readonly admin: Session
  readonly simulator: GameServerSimulator
}

/**
 * How to make one kind of change, for the audit-insert fault. `setup` makes
 * what the change needs and answers the request that writes the action: it
 * is sent twice, first with that action's audit insert failing, then
 * without the fault.
 */
export interface Recipe {
  readonly setup: (world: World) => Promise<() => Promise<Reply>>
  /**
   * Tables the failed request may change by design, each with why: only for
   * the actions written outside the request's one transaction (docs/decisions/audit-and-system.md). Any
   * other table changed fails the test.
   */
  readonly mayChange?: Readonly<Record<string, string>>
  /** What the failed request answers, when that is not `500 INTERNAL_ERROR` with its request id. */
  readonly failed?: (reply: Reply) => void
  /** What else holds after the failed request: for the out-of-transaction actions, what was kept is the truth. */
  readonly after?: (world: World, failed: Reply) => Promise<void>
  /** What the request answers without the fault, when that is not a 2xx. */
  readonly succeeded?: (reply: Reply) => void
}

export type Recipes = Partial<Record<AuditAction, Recipe>>

/** A request with the administrator's session. */
export const asAdmin = (world: World, method: string, path: string, body?: unknown) => () => write(world.server, world.admin, method, path, body)

/** The data of a reply that must have this status. */
export const expectOk = <T>(reply: Reply, status: number, what: string): T => {
  expect(reply.status, `${what}: ${reply.text}`).toBe(status)
  return dataOf<T>(reply)
}

let counter = 0
/** A name or id nobody else in the run has. */
export const unique = (prefix: string) => `${prefix}-${(++counter).toString(36)}${Date.now().toString(36).slice(-4)}`
