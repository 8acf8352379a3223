import { Link } from "wouter"
import { moderation as words } from "../strings/index.js"
import { Time } from "../ui/Time.js"
import { DeliveryState } from "./DeliveryState.js"
import { LivePanel, LiveTable } from "./LivePanel.js"
import { PlayerName } from "./PlayerName.js"
import { useBans, useEmergencyCalls, useQueue, useServerStatus, useStaff } from "./queries.js"

/** `GET /server`: the server's name, players on against capacity, its join key, when it was read. */
export const StatusPanel = () => {
  const status = useServerStatus(true)
  return (
    <LivePanel title={words.serverStatus} query={status} wide>
      {({ data }) => (
        <dl className="facts status-facts">
          <dt>{words.serverName}</dt>
          <dd>{data.name}</dd>
          <dt>{words.playersOn}</dt>
          <dd>{words.playerCount(data.currentPlayers, data.maxPlayers)}</dd>
          <dt>{words.joinKey}</dt>
          <dd>
            <code>{data.joinKey}</code>
          </dd>
        </dl>
      )}
    </LivePanel>
  )
}

export const QueuePanel = ({ history }: { readonly history: boolean }) => {
  const queue = useQueue(true)
  return (
    <LivePanel title={words.queue} query={queue} shown={(answer) => answer.data.length}>
      {({ data }) => (
        <LiveTable caption={words.queue} empty={data.length === 0} head={[words.colPosition, words.colPlayer]}>
          {data.map((entry) => (
            <tr key={entry.position}>
              <td>{entry.position}</td>
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

export const StaffPanel = ({ history }: { readonly history: boolean }) => {
  const staff = useStaff(true)
  return (
    <LivePanel title={words.staff} query={staff} shown={(answer) => answer.data.length}>
      {({ data }) => (
        <LiveTable caption={words.staff} empty={data.length === 0} head={[words.colPlayer, words.colLevel]}>
          {data.map((member) => (
            <tr key={member.player.platformId}>
              <td>
                <PlayerName player={member.player} historyLink={history} />
              </td>
              <td>{member.level}</td>
            </tr>
          ))}
        </LiveTable>
      )}
    </LivePanel>
  )
}

/** The game's own ban list, each with Bluelight's ban action when one exists (its delivery and page). */
export const BansPanel = ({ history }: { readonly history: boolean }) => {
  const bans = useBans(true)
  return (
    <LivePanel title={words.bans} query={bans} shown={(answer) => answer.data.length}>
      {({ data }) => (
        <LiveTable caption={words.bans} empty={data.length === 0} head={[words.colPlayer, words.colBanAction]}>
          {data.map((ban) => (
            <tr key={ban.player.platformId}>
              <td>
                <PlayerName player={ban.player} historyLink={history} />
              </td>
              <td>
                {ban.action === null ? <span className="muted">{words.bannedInGame}</span> : (
                  <>
                    <Link href={`~/moderation/actions/${ban.action.id}`}>{ban.action.reason}</Link> <DeliveryState action={ban.action} />
                  </>
                )}
              </td>
            </tr>
          ))}
        </LiveTable>
      )}
    </LivePanel>
  )
}

/** The game's open emergency calls, each with the CAD call it became (its id, linking to Control). */
export const EmergencyCallsPanel = ({ history, control }: { readonly history: boolean; readonly control: boolean }) => {
  const calls = useEmergencyCalls(true)
  return (
    <LivePanel title={words.emergencyCalls} query={calls} shown={(answer) => answer.data.length} wide>
      {({ data }) => (
        <LiveTable
          caption={words.emergencyCalls}
          empty={data.length === 0}
          head={[words.colCall, words.colAt, words.colCaller, words.colWhere, words.colDescription, words.colCadCall]}
        >
          {data.map((call) => (
            <tr key={call.callNumber}>
              <td>
                {words.gameCall(call.callNumber)} <span className="muted small">{call.team}</span>
              </td>
              <td>
                <Time at={call.startedAt} />
              </td>
              <td>
                {call.caller === null ? <span className="muted">{words.automatedCaller}</span> : <PlayerName player={call.caller} historyLink={history} />}
              </td>
              <td>{call.positionDescriptor ?? "—"}</td>
              <td>{call.description ?? "—"}</td>
              <td>
                {call.cadCallId === null
                  ? <span className="muted">{words.noCadCall}</span>
                  : control
                  ? <Link href="~/control">{words.cadCall(call.cadCallId)}</Link>
                  : <span>{words.cadCall(call.cadCallId)}</span>}
              </td>
            </tr>
          ))}
        </LiveTable>
      )}
    </LivePanel>
  )
}
