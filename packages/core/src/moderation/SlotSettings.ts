import { Duration } from "effect"

/** How the game-command slot is held. */
export interface SlotSettings {
  /** `GAME_COMMAND_COOLDOWN_SECONDS`: the wait after each command actually sent. */
  readonly cooldown: Duration.Input
  /**
   * The longest one action may hold the slot: past it the slot frees itself,
   * so a crashed instance cannot hold it for ever. Longer than a snapshot read
   * plus a command's timeout plus the record's writes.
   */
  readonly leaseTtl: Duration.Input
}

/** A lease long enough for a snapshot read, the command's timeout and the writes around them. */
export const leaseTtlFor = (timeouts: { readonly read: Duration.Input; readonly command: Duration.Input }) =>
  Duration.sum(Duration.sum(Duration.fromInputUnsafe(timeouts.read), Duration.fromInputUnsafe(timeouts.command)), Duration.seconds(15))

export const secondsUntil = (millis: number): number => Math.max(1, Math.ceil(millis / 1000))
