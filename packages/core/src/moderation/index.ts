/**
 * Moderation: actions against players on the game server (warnings, kicks,
 * bans) and the rules about who they may target and what the game server's
 * answer means. The wire protocol that carries them lives in
 * `@bluelight/adapters-game`.
 */
export * from "./CommandOutcome.js"
export * from "./LivePlayer.js"
