/**
 * Moderation: actions against players on the game server (warnings, kicks,
 * bans) and the rules about who they may target and what the game server's
 * answer means; the game server's port (`GameServer`) and its players as
 * moderation speaks of them. The live reads of the game server are the game
 * context's (`@bluelight/core/game`), which builds on these. The wire protocol
 * that carries them lives in `@bluelight/adapters-game`.
 */
export * from "./command.js"
export * from "./CommandOutcome.js"
export * from "./errors.js"
export * from "./GameServerStatus.js"
export * from "./ids.js"
export * from "./LivePlayer.js"
export * from "./moderate.js"
export * from "./ModerationAction.js"
export * from "./ports.js"
export * from "./queries.js"
export * from "./SlotSettings.js"
export * from "./target.js"
