/**
 * Game: the private game server's live picture (players and where they are,
 * logs, queue, staff, vehicles, emergency calls, its ban list), shared by
 * every reader, and the game's own events from its signed webhook
 * (emergency calls into CAD; `;panic` and `;status` from a crew's chat).
 * It builds on moderation (the server's status, its players, the actions
 * against them), never the other way round: the server's status and players
 * read from the live picture are here.
 * The wire protocol lives in `@bluelight/adapters-game`.
 */
export * from "./commands.js"
export * from "./events.js"
export * from "./gameServerReads.js"
export * from "./handledEvents.js"
export * from "./handleEmergencyCalls.js"
export * from "./handleGameEvent.js"
export * from "./inbox.js"
export * from "./livePicture.js"
export * from "./LiveSnapshot.js"
export * from "./playerReads.js"
export * from "./ports.js"
export * from "./RateGate.js"
export * from "./reads.js"
