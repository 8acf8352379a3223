import type { UseQueryResult } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { moderation as words } from "../strings/index.js"
import type { Instant } from "../ui/instant.js"
import { StatusBadge } from "../ui/StatusBadge.js"
import { Time } from "../ui/Time.js"
import { type LiveAnswer, LivePanel, LiveTable } from "./LivePanel.js"
import { PlayerName } from "./PlayerName.js"
import { useCommandLogs, useJoinLogs, useKillLogs, useModCalls } from "./queries.js"

type Logged = { readonly at: Instant }

/**
 * One of the game's logs as a live table, newest first: when, then the log's own two columns
 * (`columns`: their headings; `cells`: an entry's two `td`). Entries have no id of their own: a
 * row's key is its place.
 */
const LogPanel = <E extends Logged>({ title, query, columns, cells }: {
  readonly title: string
  readonly query: UseQueryResult<LiveAnswer & { readonly data: ReadonlyArray<E> }>
  readonly columns: readonly [string, string]
  readonly cells: (entry: E) => ReactNode
}) => (
  <LivePanel title={title} query={query} shown={(answer) => answer.data.length}>
    {({ data }) => (
      <LiveTable caption={title} empty={data.length === 0} head={[words.colAt, ...columns]}>
        {data.map((entry, i) => (
          <tr key={i}>
            <td>
              <Time at={entry.at} />
            </td>
            {cells(entry)}
          </tr>
        ))}
      </LiveTable>
    )}
  </LivePanel>
)

type Props = { readonly history: boolean }

export const JoinLogPanel = ({ history }: Props) => (
  <LogPanel
    title={words.joinLogs}
    query={useJoinLogs(true)}
    columns={[words.colEvent, words.colPlayer]}
    cells={(entry) => (
      <>
        <td>
          <StatusBadge tone={entry.joined ? "ok" : "muted"}>{entry.joined ? words.joined : words.left}</StatusBadge>
        </td>
        <td>
          <PlayerName player={entry.player} historyLink={history} />
        </td>
      </>
    )}
  />
)

export const KillLogPanel = ({ history }: Props) => (
  <LogPanel
    title={words.killLogs}
    query={useKillLogs(true)}
    columns={[words.colKiller, words.colKilled]}
    cells={(entry) => (
      <>
        <td>
          <PlayerName player={entry.killer} historyLink={history} />
        </td>
        <td>
          <PlayerName player={entry.killed} historyLink={history} />
        </td>
      </>
    )}
  />
)

export const CommandLogPanel = ({ history }: Props) => (
  <LogPanel
    title={words.commandLogs}
    query={useCommandLogs(true)}
    columns={[words.colPlayer, words.colCommand]}
    cells={(entry) => (
      <>
        <td>
          <PlayerName player={entry.player} historyLink={history} />
        </td>
        <td>
          <code>{entry.command}</code>
        </td>
      </>
    )}
  />
)

export const ModCallPanel = ({ history }: Props) => (
  <LogPanel
    title={words.modCalls}
    query={useModCalls(true)}
    columns={[words.colCaller, words.colModerator]}
    cells={(entry) => (
      <>
        <td>
          <PlayerName player={entry.caller} historyLink={history} />
        </td>
        <td>
          {entry.moderator === null ? <StatusBadge tone="warn">{words.notAnswered}</StatusBadge>
            : <PlayerName player={entry.moderator} historyLink={history} />}
        </td>
      </>
    )}
  />
)
