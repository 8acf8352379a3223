import { useState } from "react"
import { Link } from "wouter"
import { ApiFailure } from "../../api/failure.js"
import { shell } from "../../strings/index.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import type { Offers } from "../offers.js"
import { roomsFor } from "../permissions.js"
import { type Me, useDeveloperAccess } from "../session.js"

const staffText = (me: Me) => me.staff === null ? shell.staffNone : me.staff.active ? shell.staffActive : shell.staffInactive

const DeveloperAccess = ({ me }: { readonly me: Me }) => {
  const { on, off } = useDeveloperAccess()
  const [password, setPassword] = useState("")
  if (me.developerAccess) {
    return (
      <div>
        <p>{shell.developerAccessOn}</p>
        <button type="button" onClick={() => off.mutate()} disabled={off.isPending}>{shell.turnOff}</button>
      </div>
    )
  }
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault()
        on.mutate(password, { onSuccess: () => setPassword("") })
      }}
    >
      <label>
        {shell.developerPassword}
        <input type="password" autoComplete="off" value={password} onChange={(event) => setPassword(event.target.value)} required maxLength={1024} />
      </label>
      <button type="submit" disabled={on.isPending}>{shell.turnOn}</button>
      <FormProblem failure={on.error instanceof ApiFailure ? on.error : null} />
    </form>
  )
}

/** Who I am (as `GET /api/me` says) and the rooms my permissions open. */
export const Home = ({ me, offers }: { readonly me: Me; readonly offers: Offers }) => {
  const rooms = roomsFor(me.permissions)
  return (
    <div className="home">
      <h1>{shell.signedInAs(me.displayName)}</h1>
      <section aria-labelledby="rooms-title">
        <h2 id="rooms-title">{shell.rooms}</h2>
        {rooms.length === 0 ? <p className="muted">{shell.noRooms}</p> : (
          <ul className="rooms">
            {rooms.map((room) => (
              <li key={room.path}>
                <Link href={room.path} className="room">{room.label}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="me-title">
        <h2 id="me-title">{shell.whoAmI}</h2>
        <dl className="facts">
          <dt>{shell.username}</dt>
          <dd>{me.identity.username}</dd>
          <dt>{shell.accountId}</dt>
          <dd>
            <code>{me.id}</code>
          </dd>
          <dt>{shell.staffProfile}</dt>
          <dd>{staffText(me)}</dd>
          <dt>{shell.roles}</dt>
          <dd>{me.roles.length === 0 ? shell.noRoles : me.roles.map((role) => role.name).join(", ")}</dd>
          <dt>{shell.platform}</dt>
          <dd>
            {me.platform === null ? shell.platformNone : `${me.platform.username} (${me.platform.id})`}
            {me.platform === null && offers.platformLink && (
              <>
                {" "}
                <a href="/api/auth/platform">{shell.linkPlatform}</a>
              </>
            )}
          </dd>
          {(offers.developerAccess || me.developerAccess) && (
            <>
              <dt>{shell.developerAccess}</dt>
              <dd>
                <DeveloperAccess me={me} />
              </dd>
            </>
          )}
        </dl>
        <p>
          <a href="/api/docs">{shell.apiReference}</a>: {shell.apiReferenceLead}
        </p>
        <details>
          <summary>{shell.permissions} ({me.permissions.length})</summary>
          {me.permissions.length === 0 ? <p className="muted">{shell.noPermissions}</p> :
            (
              <ul className="permissions">
                {me.permissions.map((key) => (
                  <li key={key}>
                    <code>{key}</code>
                  </li>
                ))}
              </ul>
            )}
        </details>
      </section>
    </div>
  )
}
