/** The game server's live status, as `GET /server` answers it. */
export interface GameServerStatus {
  readonly name: string
  readonly currentPlayers: number
  readonly maxPlayers: number
  readonly joinKey: string
}
