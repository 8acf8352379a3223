/**
 * The crews' MDT (`cad.unit.self`), laid out for a tablet (1024×768 and 768×1024).
 *
 * Names the browser tests rely on (roles and accessible names; keep them exactly):
 * - heading "MDT"; the feed's state as text: "Live", "Connecting…", "Reconnecting…" (or "Not live: …").
 * - not booked on: form "Book on" with a select "Unit" (options by callsign), a text field
 *   "Identifier" and the submit button "Book on".
 * - booked on: heading "My unit: <callsign>", the status word ("Available", "En route", "On scene",
 *   "Busy", "Unavailable", "Assigned"); group "Change status" of buttons named by the status word,
 *   `aria-pressed` on the current one, never "Assigned"; button "Book off".
 * - region "Current incident": "#<number>", type, location, description, and the list "Other units".
 * - with `pnc.view`: search field "PNC look-up", its results a list "Results" of buttons, a result
 *   opening the region "Look-up detail" (badges "STOLEN", "Warrant", marker types) with "Close".
 */
import type { Me } from "../app/session.js"
import type { FeedState } from "../live/cadFeed.js"
import { mdt as words } from "../strings/index.js"
import { BookOnForm } from "./BookOnForm.js"
import { CurrentIncident } from "./CurrentIncident.js"
import "./mdt.css"
import { MyUnit } from "./MyUnit.js"
import { PncLookup } from "./PncLookup.js"
import { useMyMdt } from "./queries.js"
import { useMdtLive } from "./useMdtLive.js"

const feedText = (state: FeedState): string => {
  switch (state._tag) {
    case "Live":
      return words.feedLive
    case "Connecting":
      return words.feedConnecting
    case "Reconnecting":
      return words.feedReconnecting
    case "Stopped":
      return words.feedStopped(state.error.message)
  }
}

export default function MdtRoom({ me }: { readonly me: Me }) {
  // The feed, the unit list and the other units are CAD reads (`cad.view`); without it the MDT still works, polled.
  const followed = me.permissions.includes("cad.view")
  const mdt = useMyMdt(!followed)
  const feed = useMdtLive(followed, mdt.data, me.id)
  const lookup = me.permissions.includes("pnc.view")
  return (
    <div className="mdt">
      <header className="mdt-head">
        <h1>{words.title}</h1>
        <p className={`mdt-feed feed-${followed ? feed._tag : "Stopped"}`} role="status">
          <span className="muted">{words.feedLabel}:</span> <span>{followed ? feedText(feed) : words.feedNotFollowed}</span>
        </p>
      </header>
      <div className="mdt-grid">
        <div className="mdt-main">
          {mdt.error !== null && mdt.data === undefined ? <p role="alert" className="form-problem">{mdt.error.message}</p> : mdt.data === undefined
            ? <p className="muted" role="status">{words.loading}</p>
            : mdt.data.unit === null
            ? <BookOnForm mayListUnits={followed} />
            : (
              <>
                <MyUnit unit={mdt.data.unit} />
                <CurrentIncident incident={mdt.data.incident} myUnitId={mdt.data.unit.id} mayReadIncident={followed} />
              </>
            )}
        </div>
        {lookup && <PncLookup />}
      </div>
    </div>
  )
}
