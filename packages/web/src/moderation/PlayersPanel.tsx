import { useState } from "react"
import type { Me } from "../app/session.js"
import { moderation as words } from "../strings/index.js"
import { holds, kindsFor } from "./access.js"
import { ActionDialog, type Kind, type Target } from "./ActionDialog.js"
import { LivePanel, LiveTable } from "./LivePanel.js"
import { PlayerName } from "./PlayerName.js"
import { type LivePlayer, usePlayers } from "./queries.js"

/** The buttons of one player's row: each action the person may take, named with the player ("Kick JohnSmith"). */
export const PlayerActions = ({ player, kinds, open }: {
  readonly player: Pick<LivePlayer, "username" | "platformId" | "inGameStaff">
  readonly kinds: ReadonlyArray<Kind>
  readonly open: (kind: Kind, target: Target) => void
}) =>
  player.inGameStaff ? <span className="badge info">{words.staffMark}</span> : (
    <span className="row-actions">
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          className={kind === "warn" ? undefined : "danger"}
          aria-label={words.actOn(kind, player.username)}
          onClick={() => open(kind, { platformId: player.platformId, username: player.username })}
        >
          {words.kinds[kind]}
        </button>
      ))}
    </span>
  )

/**
 * The players on the server now, each with their linked account, and the warn, kick and ban this
 * person may do. The dialog belongs to the panel, not the row: a player leaving the list while it is
 * open does not close it.
 */
export const useActionDialog = () => {
  const [open, setOpen] = useState<{ readonly kind: Kind; readonly target: Target; readonly opening: number } | null>(null)
  const dialog = open === null ? null : <ActionDialog key={open.opening} kind={open.kind} target={open.target} onClose={() => setOpen(null)} />
  return { open: (kind: Kind, target: Target) => setOpen({ kind, target, opening: Date.now() }), dialog }
}

export const PlayersTable = ({ players, me }: { readonly players: ReadonlyArray<LivePlayer>; readonly me: Me }) => {
  const { open, dialog } = useActionDialog()
  const kinds = kindsFor(me.permissions)
  const history = holds(me.permissions, "history")
  return (
    <>
      <LiveTable
        caption={words.players}
        empty={players.length === 0}
        head={[words.colPlayer, words.colPlatformId, words.colTeam, words.colCallsign, words.colPermission, words.colAccount, words.colActions]}
      >
        {players.map((player) => (
          <tr key={player.platformId}>
            <td>
              <PlayerName player={{ ...player, account: null }} historyLink={history} />
            </td>
            <td>
              <code>{player.platformId}</code>
            </td>
            <td>{player.team ?? "—"}</td>
            <td>{player.callsign ?? "—"}</td>
            <td>{player.permission}</td>
            <td>{player.account === null ? <span className="muted">{words.noAccount}</span> : player.account.displayName}</td>
            <td>
              <PlayerActions player={player} kinds={kinds} open={open} />
            </td>
          </tr>
        ))}
      </LiveTable>
      {dialog}
    </>
  )
}

export const PlayersPanel = ({ me }: { readonly me: Me }) => {
  const players = usePlayers(true)
  return (
    <LivePanel title={words.players} query={players} shown={(answer) => answer.data.length} wide>
      {(answer) => <PlayersTable players={answer.data} me={me} />}
    </LivePanel>
  )
}
