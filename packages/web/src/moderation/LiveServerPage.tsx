import type { Me } from "../app/session.js"
import { moderation as words } from "../strings/index.js"
import { holds } from "./access.js"
import { CommandLogPanel, JoinLogPanel, KillLogPanel, ModCallPanel } from "./LogPanels.js"
import { PlayersPanel } from "./PlayersPanel.js"
import { BansPanel, EmergencyCallsPanel, QueuePanel, StaffPanel, StatusPanel } from "./ServerPanels.js"

/**
 * The live server: every panel this person holds the key for, each read every 10 seconds while
 * the page is shown (and not while the tab is hidden).
 */
export const LiveServerPage = ({ me }: { readonly me: Me }) => {
  const may = (part: Parameters<typeof holds>[1]) => holds(me.permissions, part)
  const history = may("history")
  return (
    <div className="live-grid">
      <p className="muted small wide">{words.refreshing}</p>
      {may("status") && <StatusPanel />}
      {may("players") && <PlayersPanel me={me} />}
      {may("emergencyCalls") && <EmergencyCallsPanel history={history} control={me.permissions.includes("cad.view")} />}
      {may("queue") && <QueuePanel history={history} />}
      {may("staff") && <StaffPanel history={history} />}
      {may("modCalls") && <ModCallPanel history={history} />}
      {may("bans") && <BansPanel history={history} />}
      {may("joinLogs") && <JoinLogPanel history={history} />}
      {may("killLogs") && <KillLogPanel history={history} />}
      {may("commandLogs") && <CommandLogPanel history={history} />}
    </div>
  )
}
