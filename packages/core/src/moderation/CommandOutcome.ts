/**
 * How the game server answered a command, as the moderation rules need it:
 * carried out, refused for certain (nothing happened), throttled (try again
 * after a while), or unknown (it may or may not have happened).
 */
export type CommandOutcome =
  | { readonly _tag: "Executed" }
  | { readonly _tag: "Refused"; readonly code: number | null; readonly message: string }
  | { readonly _tag: "Throttled"; readonly retryAfterSeconds: number }
  | { readonly _tag: "Unknown"; readonly reason: string }
