import { Link } from "wouter"

export interface NamedPlayer {
  readonly platformId: string | null
  readonly username: string | null
  readonly account: { readonly displayName: string } | null
}

/**
 * A player as the game names them: the username (or the platform id when the game gave none), the
 * Bluelight account linked to them, and a link to their history for those who may read it.
 */
export const PlayerName = ({ player, historyLink }: { readonly player: NamedPlayer; readonly historyLink: boolean }) => {
  const name = player.username ?? player.platformId ?? "?"
  return (
    <span className="player-name">
      {historyLink && player.platformId !== null
        ? <Link href={`~/moderation/players/${encodeURIComponent(player.platformId)}`}>{name}</Link>
        : <span>{name}</span>}
      {player.account !== null && (
        <>
          {" "}
          <span className="muted small">({player.account.displayName})</span>
        </>
      )}
    </span>
  )
}
