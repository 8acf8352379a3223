import { moderation as words } from "../strings/index.js"
import { Time } from "../ui/Time.js"
import { LivePanel, LiveTable } from "./LivePanel.js"
import { PlayerName } from "./PlayerName.js"
import { useCommandLogs, useJoinLogs, useKillLogs, useModCalls } from "./queries.js"

// The game's logs, newest first. Entries have no id of their own: a row's key is its place and time.

export const JoinLogPanel = ({ history }: { readonly history: boolean }) => {
  const logs = useJoinLogs(true)
  return (
    <LivePanel title={words.joinLogs} query={logs} shown={(answer) => answer.data.length}>
      {({ data }) => (
        <LiveTable caption={words.joinLogs} empty={data.length === 0} head={[words.colAt, words.colEvent, words.colPlayer]}>
          {data.map((entry, i) => (
            <tr key={i}>
              <td>
                <Time at={entry.at} />
              </td>
              <td>
                <span className={`badge ${entry.joined ? "ok" : "muted"}`}>{entry.joined ? words.joined : words.left}</span>
              </td>
              <td>
                <PlayerName player={entry.player} historyLink={history} />
              </td>
            </tr>
          ))}
        </LiveTable>
      )}
    </LivePanel>
  )
}

export const KillLogPanel = ({ history }: { readonly history: boolean }) => {
  const logs = useKillLogs(true)
  return (
    <LivePanel title={words.killLogs} query={logs} shown={(answer) => answer.data.length}>
      {({ data }) => (
        <LiveTable caption={words.killLogs} empty={data.length === 0} head={[words.colAt, words.colKiller, words.colKilled]}>
          {data.map((entry, i) => (
            <tr key={i}>
              <td>
                <Time at={entry.at} />
              </td>
              <td>
                <PlayerName player={entry.killer} historyLink={history} />
              </td>
              <td>
                <PlayerName player={entry.killed} historyLink={history} />
              </td>
            </tr>
          ))}
        </LiveTable>
      )}
    </LivePanel>
  )
}

export const CommandLogPanel = ({ history }: { readonly history: boolean }) => {
  const logs = useCommandLogs(true)
  return (
    <LivePanel title={words.commandLogs} query={logs} shown={(answer) => answer.data.length}>
      {({ data }) => (
        <LiveTable caption={words.commandLogs} empty={data.length === 0} head={[words.colAt, words.colPlayer, words.colCommand]}>
          {data.map((entry, i) => (
            <tr key={i}>
              <td>
                <Time at={entry.at} />
              </td>
              <td>
                <PlayerName player={entry.player} historyLink={history} />
              </td>
              <td>
                <code>{entry.command}</code>
              </td>
            </tr>
          ))}
        </LiveTable>
      )}
    </LivePanel>
  )
}

export const ModCallPanel = ({ history }: { readonly history: boolean }) => {
  const calls = useModCalls(true)
  return (
    <LivePanel title={words.modCalls} query={calls} shown={(answer) => answer.data.length}>
      {({ data }) => (
        <LiveTable caption={words.modCalls} empty={data.length === 0} head={[words.colAt, words.colCaller, words.colModerator]}>
          {data.map((entry, i) => (
            <tr key={i}>
              <td>
                <Time at={entry.at} />
              </td>
              <td>
                <PlayerName player={entry.caller} historyLink={history} />
              </td>
              <td>
                {entry.moderator === null
                  ? <span className="badge warn">{words.notAnswered}</span>
                  : <PlayerName player={entry.moderator} historyLink={history} />}
              </td>
            </tr>
          ))}
        </LiveTable>
      )}
    </LivePanel>
  )
}
