/** The Moderation room's words. English (UK). */

type Kind = "warn" | "kick" | "ban"
type Delivery = "SUCCEEDED" | "FAILED" | "UNKNOWN"
type ErrorCode = "TARGET_NOT_IN_SERVER" | "TARGET_IS_STAFF" | "GAME_UNAVAILABLE" | "GAME_REJECTED"

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const kinds: Record<Kind, string> = { warn: "Warn", kick: "Kick", ban: "Ban" }
const kindNouns: Record<Kind, string> = { warn: "Warning", kick: "Kick", ban: "Ban" }

export const moderation = {
  title: "Moderation",
  sections: "Moderation sections",
  tabServer: "Live server",
  tabPlayers: "Players",
  tabActions: "Actions",
  loading: "Loading…",
  notFound: "Nothing at this address.",

  // The live server.
  serverStatus: "Server status",
  serverName: "Server",
  playersOn: "Players on",
  joinKey: "Join key",
  readAt: "Read at",
  refreshing: "Refreshed every 10 seconds while this page is shown.",
  playerCount: (current: number, max: number) => `${current} of ${max}`,
  players: "Players",
  queue: "Queue",
  staff: "In-game staff",
  joinLogs: "Joins and leaves",
  killLogs: "Kills",
  commandLogs: "Commands",
  modCalls: "Moderator calls",
  emergencyCalls: "Emergency calls",
  bans: "Bans",
  nothing: "None right now.",
  shown: (shown: number, total: number) => total > shown ? `${shown} shown of ${total}` : plural(total, "entry", "entries"),
  observed: "read at",

  // Columns.
  colPlayer: "Player",
  colPlatformId: "Platform id",
  colTeam: "Team",
  colCallsign: "Callsign",
  colPermission: "In game",
  colAccount: "Bluelight account",
  colActions: "Actions",
  colPosition: "Position",
  colLevel: "Level",
  colAt: "At",
  colEvent: "Event",
  colKiller: "Killer",
  colKilled: "Killed",
  colCommand: "Command",
  colCaller: "Caller",
  colModerator: "Answered by",
  colCall: "Call",
  colWhere: "Where",
  colDescription: "Description",
  colCadCall: "CAD call",
  colBanAction: "Bluelight ban",
  colType: "Type",
  colReason: "Reason",
  colDelivery: "Delivery",
  colTarget: "Target",

  joined: "Joined",
  left: "Left",
  notAnswered: "Not answered",
  noAccount: "Not linked",
  gameCall: (n: number) => `Game call ${n}`,
  automatedCaller: "Automated call",
  cadCall: (id: string) => `CAD call ${id}`,
  noCadCall: "Not yet a CAD call",
  bannedInGame: "Banned in the game",
  staffMark: "Staff",
  history: "History",
  historyOf: (name: string) => `History of ${name}`,

  // Actions on a player.
  kinds,
  kindNouns,
  actOn: (kind: Kind, name: string) => `${kinds[kind]} ${name}`,
  dialogLead: (platformId: string) => `Platform id ${platformId}. The command is sent to the game server once; what it answered is shown here.`,
  reason: "Reason",
  reasonHint: "3 to 500 characters, one line.",
  evidence: "Evidence (optional)",
  send: (kind: Kind) => kinds[kind],
  sending: "Sending…",
  sendAgain: "Send again",
  close: "Close",
  cancel: "Cancel",
  lost:
    "The connection was lost before Bluelight answered. The action may have been stored: \"Send again\" sends the same request with the same key, so it is never done twice.",
  lockedFields: "The reason is kept as it was sent, so that sending again is the same action.",
  throttled: (seconds: number) =>
    seconds > 0
      ? `The game server is busy. Nothing was stored. You may send again in ${plural(seconds, "second", "seconds")}.`
      : "The game server is busy. Nothing was stored. You may send again now.",
  replayed: "Bluelight already had this action (its answer was lost on the way): it was not sent again.",
  stored: (kind: Kind) => `${kindNouns[kind]} stored.`,
  openAction: "Open the action's page",

  // Delivery.
  delivery: { SUCCEEDED: "Succeeded", FAILED: "Failed", UNKNOWN: "Unknown" } satisfies Record<Delivery, string>,
  deliveryExplained: {
    SUCCEEDED: "The game server carried it out.",
    FAILED: "Not carried out.",
    UNKNOWN: "Sent; the outcome was not confirmed. It is never sent again."
  } satisfies Record<Delivery, string>,
  errorCodes: {
    TARGET_NOT_IN_SERVER: "The player is not on the server.",
    TARGET_IS_STAFF: "The player is in-game staff.",
    GAME_UNAVAILABLE: "The game server could not be read; nothing was sent.",
    GAME_REJECTED: "The game server refused the command."
  } satisfies Record<ErrorCode, string>,

  // Players.
  lookupTitle: "Find a player",
  lookup: "Username or platform id",
  lookupButton: "Find",
  lookupHint: "Players on the server now.",
  results: "Players found",
  noMatches: "No player on the server matches.",
  historyTitle: "A player's history",
  platformId: "Platform id",
  openHistory: "Open history",
  linkedAccount: "Linked account",
  actionsAgainst: "Actions against this player",
  noActions: "No actions.",

  // Actions list and page.
  actionsTitle: "Moderation actions",
  filters: "Filters",
  filterTarget: "Target platform id",
  filterType: "Type",
  anyType: "Any",
  apply: "Apply",
  previous: "Previous page",
  next: "Next page",
  pageOf: (from: number, to: number) => `Actions ${from} to ${to}`,
  actionTitle: (kind: Kind, name: string) => `${kindNouns[kind]}: ${name}`,
  created: "Created",
  updated: "Updated",
  moderator: "Moderator",
  you: (name: string) => `${name} (you)`,
  accountId: (id: string) => `Account ${id}`,
  evidenceShown: "Evidence",
  serviceId: "Service credential",
  outcome: "Outcome",
  backToActions: "All actions",
  noEvidence: "None"
}
