import { useId, useState } from "react"
import { useLocation } from "wouter"
import type { Me } from "../app/session.js"
import { moderation as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { holds } from "./access.js"
import { PlayersTable } from "./PlayersPanel.js"
import { usePlayerLookup } from "./queries.js"

/** `GET /players/lookup`: players on the server now by username or platform id, with the same actions as the live list. */
const Lookup = ({ me }: { readonly me: Me }) => {
  const id = useId()
  const [typed, setTyped] = useState("")
  const [query, setQuery] = useState("")
  const found = usePlayerLookup(query)
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{words.lookupTitle}</h2>
      <form
        className="inline-form"
        role="search"
        aria-label={words.lookupTitle}
        onSubmit={(event) => {
          event.preventDefault()
          setQuery(typed.trim())
        }}
      >
        <label>
          {words.lookup}
          <input
            type="search"
            value={typed}
            maxLength={100}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
        <button type="submit" disabled={typed.trim() === ""}>{words.lookupButton}</button>
      </form>
      <p id={`${id}-hint`} className="muted small">{words.lookupHint}</p>
      <div aria-live="polite">
        <FormProblem failure={found.error} />
        {found.isFetching && found.data === undefined && <p className="muted" role="status">{words.loading}</p>}
        {found.data !== undefined && (found.data.data.length === 0
          ? <p className="muted">{words.noMatches}</p>
          : <PlayersTable players={found.data.data} me={me} />)}
      </div>
    </section>
  )
}

/** A player's history by platform id, for someone who may read histories: their own address. */
const OpenHistory = () => {
  const id = useId()
  const [, navigate] = useLocation()
  const [platformId, setPlatformId] = useState("")
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{words.historyTitle}</h2>
      <form
        className="inline-form"
        aria-label={words.historyTitle}
        onSubmit={(event) => {
          event.preventDefault()
          if (platformId.trim() !== "") navigate(`~/moderation/players/${encodeURIComponent(platformId.trim())}`)
        }}
      >
        <label>
          {words.platformId}
          <input value={platformId} maxLength={64} autoComplete="off" onChange={(event) => setPlatformId(event.target.value)} />
        </label>
        <button type="submit" disabled={platformId.trim() === ""}>{words.openHistory}</button>
      </form>
    </section>
  )
}

export const PlayersPage = ({ me }: { readonly me: Me }) => (
  <div className="stack">
    {holds(me.permissions, "lookup") && <Lookup me={me} />}
    {holds(me.permissions, "history") && <OpenHistory />}
  </div>
)
