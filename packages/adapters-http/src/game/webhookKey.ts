import { Context } from "effect"
import type { KeyObject } from "node:crypto"

/**
 * The key the game's event webhook is verified with: `GAME_WEBHOOK_PUBLIC_KEY`
 * (in development, the built-in simulator's when unset), or none, and then
 * the receiver is off (`404`).
 */
export class GameWebhookKey extends Context.Service<GameWebhookKey, {
  readonly publicKey: KeyObject | null
}>()("@bluelight/adapters-http/GameWebhookKey") {}
