/**
 * Moderation (`moderation.*`, `players.*`, `server.view`): the live server, players and their
 * history, and the moderation actions, each tab at an address of its own and shown only with its key.
 *
 * Names the browser tests rely on (roles and accessible names; keep them exactly):
 * - heading "Moderation"; navigation "Moderation sections" with links "Live server", "Players", "Actions".
 * - live server: regions "Server status", "Players" (a table with buttons "Warn <username>",
 *   "Kick <username>", "Ban <username>"), "Emergency calls", "Queue", "In-game staff",
 *   "Moderator calls", "Bans", "Joins and leaves", "Kills", "Commands".
 * - the action dialog "Kick <username>": text field "Reason", "Evidence (optional)", the submit
 *   button "Kick" (or "Send again" after a lost answer or a busy game server), "Cancel"/"Close";
 *   the delivery as "Succeeded", "Failed" with the reason, or "Unknown".
 * - players: search "Find a player"; form "A player's history" with "Platform id" and "Open history";
 *   a history's heading "History of <name>".
 * - actions: form "Filters"; an action's page headed "<Kick|Warning|Ban>: <name>".
 */
import { Link, Redirect, Route, Switch, useLocation } from "wouter"
import type { Me } from "../app/session.js"
import { moderation as words } from "../strings/index.js"
import { holds, tabsFor } from "./access.js"
import { ActionPage } from "./ActionPage.js"
import { ActionsPage } from "./ActionsPage.js"
import { LiveServerPage } from "./LiveServerPage.js"
import "./moderation.css"
import { PlayerHistoryPage } from "./PlayerHistoryPage.js"
import { PlayersPage } from "./PlayersPage.js"

const ModerationRoom = ({ me }: { readonly me: Me }) => {
  const [location] = useLocation()
  const tabs = tabsFor(me.permissions)
  const may = (part: Parameters<typeof holds>[1]) => holds(me.permissions, part)
  return (
    <div className="moderation-room">
      <h1>{words.title}</h1>
      <nav aria-label={words.sections}>
        <ul className="moderation-tabs">
          {tabs.map((tab) => (
            <li key={tab.path}>
              <Link href={tab.path} aria-current={location.startsWith(tab.path) ? "page" : undefined}>{tab.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <Switch>
        {may("status") || may("players") || may("commandLogs")
          ? (
            <Route path="/server">
              <LiveServerPage me={me} />
            </Route>
          )
          : null}
        {may("history") ? <Route path="/players/:platformId">{(params) => <PlayerHistoryPage platformId={decodeURIComponent(params.platformId)} />}</Route>
          : null}
        {may("lookup") || may("history")
          ? (
            <Route path="/players">
              <PlayersPage me={me} />
            </Route>
          )
          : null}
        {may("actions") ? <Route path="/actions/:id">{(params) => <ActionPage id={params.id} me={me} />}</Route> : null}
        {may("actions")
          ? (
            <Route path="/actions">
              <ActionsPage />
            </Route>
          )
          : null}
        <Route path="/">
          {tabs[0] === undefined ? <p className="muted">{words.notFound}</p> : <Redirect to={tabs[0].path} replace />}
        </Route>
        <Route>
          <p role="alert" className="form-problem">{words.notFound}</p>
        </Route>
      </Switch>
    </div>
  )
}

export default ModerationRoom
