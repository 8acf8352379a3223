import { useState } from "react"
import { Link } from "wouter"
import { moderation as words } from "../strings/index.js"
import { Pager } from "../ui/Pager.js"
import { ActionsTable } from "./ActionsTable.js"
import { HISTORY_PAGE, usePlayerHistory } from "./queries.js"

/** `GET /players/{platformId}/history`: every action against the player, newest first, and the account linked to them. */
export const PlayerHistoryPage = ({ platformId }: { readonly platformId: string }) => {
  const [offset, setOffset] = useState(0)
  const history = usePlayerHistory(platformId, offset)
  const newest = history.data?.data.actions[0]?.targetUsername ?? null
  const name = newest ?? platformId
  return (
    <section className="panel stack" aria-labelledby="history-title">
      <p>
        <Link href="~/moderation/players">{words.tabPlayers}</Link>
      </p>
      <h2 id="history-title">{words.historyOf(name)}</h2>
      {history.error !== null && <p role="alert" className="form-problem">{history.error.message}</p>}
      {history.data === undefined ? history.error === null && <p className="muted" role="status">{words.loading}</p> : (
        <>
          <dl className="facts">
            <dt>{words.platformId}</dt>
            <dd>
              <code>{history.data.data.platformId}</code>
            </dd>
            <dt>{words.linkedAccount}</dt>
            <dd>{history.data.data.account === null ? <span className="muted">{words.noAccount}</span> : history.data.data.account.displayName}</dd>
          </dl>
          <h3>{words.actionsAgainst}</h3>
          <div aria-live="polite">
            <ActionsTable actions={history.data.data.actions} caption={words.actionsAgainst} showTarget={false} />
            <Pager
              offset={offset}
              size={HISTORY_PAGE}
              shown={history.data.data.actions.length}
              hasMore={history.data.meta.hasMore}
              label={words.actionsAgainst}
              words={words}
              onMove={setOffset}
            />
          </div>
        </>
      )}
    </section>
  )
}
