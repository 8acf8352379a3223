/**
 * The game server's rate limits as the simulator enforces them: the
 * `global` bucket for reads (a fixed window) and the per-server command
 * bucket `command-<server key>` (one command per interval). Every answer
 * carries the bucket's state in the `X-RateLimit-*` headers.
 */

/** What a bucket says about itself in an answer's headers. */
export interface BucketState {
  readonly bucket: string
  readonly limit: number
  readonly remaining: number
  /** When the window resets, in Unix seconds. */
  readonly resetSeconds: number
}

/** A request taken from a bucket, or refused by it with the seconds left until it may be tried again. */
export type Taken =
  | { readonly allowed: true; readonly state: BucketState }
  | { readonly allowed: false; readonly state: BucketState; readonly retryAfterSeconds: number }

/** The limit of the `global` bucket: so many requests per window of so many seconds. */
export interface WindowLimit {
  readonly limit: number
  readonly windowSeconds: number
}

/**
 * The development and test default: 35 reads per second, the figure of the
 * game's own documented example headers. Enough for a test suite's servers
 * sharing one simulator (they read through a shared snapshot), low enough
 * that a client ignoring the headers meets a `429`.
 */
export const DEFAULT_GLOBAL_LIMIT: WindowLimit = { limit: 35, windowSeconds: 1 }

const seconds = (ms: number) => Math.round(ms) / 1000

/**
 * A fixed window aligned to multiples of its length since the epoch (so a
 * whole-second window resets on a whole second, as the header's Unix
 * seconds say), counting every request that is let through.
 */
export class WindowBucket {
  private windowStart = Number.NEGATIVE_INFINITY
  private used = 0

  constructor(readonly name: string, private limit: WindowLimit) {
    if (!(limit.limit >= 1 && limit.windowSeconds > 0)) throw new Error("a bucket needs a limit of at least 1 and a window")
  }

  /** Changes the limit; the current window starts over. */
  setLimit(limit: WindowLimit): void {
    if (!(limit.limit >= 1 && limit.windowSeconds > 0)) throw new Error("a bucket needs a limit of at least 1 and a window")
    this.limit = limit
    this.windowStart = Number.NEGATIVE_INFINITY
    this.used = 0
  }

  /** Takes one request at `nowMs`, or refuses it when the window is used up. */
  take(nowMs: number): Taken {
    const windowMs = this.limit.windowSeconds * 1000
    const start = Math.floor(nowMs / windowMs) * windowMs
    if (start !== this.windowStart) {
      this.windowStart = start
      this.used = 0
    }
    const resetMs = start + windowMs
    const state = (used: number): BucketState => ({
      bucket: this.name,
      limit: this.limit.limit,
      remaining: this.limit.limit - used,
      resetSeconds: Math.ceil(resetMs / 1000)
    })
    if (this.used >= this.limit.limit) return { allowed: false, state: state(this.used), retryAfterSeconds: seconds(resetMs - nowMs) }
    this.used++
    return { allowed: true, state: state(this.used) }
  }
}

/**
 * The command bucket: a command within `intervalMs` of the last one carried
 * out is refused. Only commands carried out start the interval, as the real
 * server counts what reached the game.
 */
export class CommandInterval {
  private lastExecutedAt = Number.NEGATIVE_INFINITY

  constructor(readonly name: string, public intervalMs: number) {}

  /** The bucket's state at `nowMs`. */
  state(nowMs: number): BucketState {
    const resetMs = Math.max(nowMs, this.lastExecutedAt + this.intervalMs)
    return { bucket: this.name, limit: 1, remaining: resetMs > nowMs ? 0 : 1, resetSeconds: Math.ceil(resetMs / 1000) }
  }

  /** Whether a command may run at `nowMs`; if not, the seconds (maybe a fraction) until it may. */
  check(nowMs: number): Taken {
    const wait = this.lastExecutedAt + this.intervalMs - nowMs
    return wait > 0 ? { allowed: false, state: this.state(nowMs), retryAfterSeconds: seconds(wait) } : { allowed: true, state: this.state(nowMs) }
  }

  /** A command was carried out at `nowMs`. */
  executed(nowMs: number): void {
    this.lastExecutedAt = nowMs
  }
}

/** The `X-RateLimit-*` headers of an answer. */
export const rateLimitHeaders = (state: BucketState): Record<string, string> => ({
  "X-RateLimit-Bucket": state.bucket,
  "X-RateLimit-Limit": String(state.limit),
  "X-RateLimit-Remaining": String(state.remaining),
  "X-RateLimit-Reset": String(state.resetSeconds)
})

/** The `429` answer's body and extra header for a refused request. */
export const rateLimited = (refused: Extract<Taken, { allowed: false }>) => ({
  body: { message: "You are being rate limited!", retry_after: refused.retryAfterSeconds, bucket: refused.state.bucket, code: 4001 },
  headers: { "Retry-After": String(Math.max(1, Math.ceil(refused.retryAfterSeconds))) }
})
