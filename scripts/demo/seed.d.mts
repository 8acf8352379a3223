/** One thing of the demo community, and whether this run made it (or found it there). */
export interface SeededItem {
  readonly kind: string
  readonly name: string
  readonly created: boolean
}

/** What the game server said: how many players are on it, or why it did not answer. */
export type GameServerSeen = { readonly online: number } | { readonly problem: string }

export declare const seed: (baseUrl: string) => Promise<{ readonly items: ReadonlyArray<SeededItem>; readonly players: GameServerSeen }>
