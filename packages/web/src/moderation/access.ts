import { moderation as words } from "../strings/index.js"

/** The keys each part of the room needs (the API's own rules): a part whose key the person lacks is not offered. */
export const KEYS = {
  status: "server.view",
  queue: "server.view",
  staff: "server.view",
  players: "players.view",
  joinLogs: "players.view",
  killLogs: "players.view",
  commandLogs: "moderation.view",
  modCalls: "moderation.view",
  bans: "moderation.view",
  emergencyCalls: "cad.view",
  lookup: "players.lookup",
  history: "moderation.history",
  actions: "moderation.view",
  warn: "moderation.warn",
  kick: "moderation.kick",
  ban: "moderation.ban"
} as const

export type Part = keyof typeof KEYS

export const holds = (permissions: ReadonlyArray<string>, part: Part): boolean => permissions.includes(KEYS[part])

export interface Tab {
  readonly path: string
  readonly label: string
  /** Shown when the person holds any one of these parts' keys. */
  readonly anyOf: ReadonlyArray<Part>
}

/** The room's own navigation, in order: each tab shown only with a key it needs. */
export const TABS: ReadonlyArray<Tab> = [
  { path: "/server", label: words.tabServer, anyOf: ["status", "players", "commandLogs"] },
  { path: "/players", label: words.tabPlayers, anyOf: ["lookup", "history"] },
  { path: "/actions", label: words.tabActions, anyOf: ["actions"] }
]

export const tabsFor = (permissions: ReadonlyArray<string>): ReadonlyArray<Tab> => TABS.filter((tab) => tab.anyOf.some((part) => holds(permissions, part)))

/** The kinds of action this person may take on a player, in the order they are offered. */
export const kindsFor = (permissions: ReadonlyArray<string>): ReadonlyArray<"warn" | "kick" | "ban"> =>
  (["warn", "kick", "ban"] as const).filter((kind) => holds(permissions, kind))
