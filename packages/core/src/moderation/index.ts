/**
 * Moderation: actions against players on the game server (warnings, kicks,
 * bans) and the rules about who they may target and what the game server's
 * answer means; the live reads of the game server. The wire protocol that
 * carries them lives in `@bluelight/adapters-game`.
 */
export * from "./command.js"
export * from "./CommandOutcome.js"
export * from "./errors.js"
export * from "./GameServerStatus.js"
export * from "./ids.js"
export * from "./liveGame.js"
export * from "./LivePlayer.js"
export * from "./moderate.js"
export * from "./ModerationAction.js"
export * from "./ports.js"
export * from "./queries.js"
export * from "./SlotSettings.js"
export * from "./target.js"
