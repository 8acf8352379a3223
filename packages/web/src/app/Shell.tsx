import { lazy, type ReactNode, Suspense, useState } from "react"
import { Link, useLocation } from "wouter"
import { shell } from "../strings/index.js"
import { applyTheme, storedTheme, type Theme } from "../ui/theme.js"
import { roomsFor } from "./permissions.js"
import { useProblem } from "./problems.js"
import { type Me, useSignOut } from "./session.js"

/** The shift clock is staff's alone: its code (and the Staff room's words) load only for active staff, not on everyone's first page. */
const ShiftClock = lazy(() => import("../staff/ShiftClock.js").then((module) => ({ default: module.ShiftClock })))

const ThemeSwitch = () => {
  const [theme, setTheme] = useState<Theme>(storedTheme)
  const next: Theme = theme === "dark" ? "light" : "dark"
  return (
    <button
      type="button"
      className="quiet"
      aria-pressed={theme === "light"}
      onClick={() => {
        applyTheme(next)
        setTheme(next)
      }}
    >
      {shell.themeToLight}
    </button>
  )
}

/** The frame around every room: the rooms this person may use, who they are, the theme, signing out; a notice while the connection is lost. */
export const Shell = ({ me, children }: { readonly me: Me; readonly children: ReactNode }) => {
  const [location] = useLocation()
  const signOut = useSignOut()
  const problem = useProblem()
  return (
    <>
      <a className="skip" href="#main">Skip to content</a>
      <header className="bar">
        <Link href="/" className="brand">{shell.brand}</Link>
        <nav aria-label={shell.navigation}>
          <ul>
            {roomsFor(me.permissions).map((room) => (
              <li key={room.path}>
                <Link href={room.path} aria-current={location.startsWith(room.path) ? "page" : undefined}>{room.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          {me.staff?.active === true && (
            <Suspense fallback={null}>
              <ShiftClock me={me} />
            </Suspense>
          )}
          <Link href="/" aria-label={`${shell.whoAmI}: ${me.displayName}`}>{me.displayName}</Link>
          {me.developerAccess && <span className="badge warn">{shell.developerAccess}</span>}
          <ThemeSwitch />
          <button type="button" className="quiet" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {signOut.isPending ? shell.signingOut : shell.signOut}
          </button>
        </div>
      </header>
      {problem === "CONNECTION_LOST" && <p role="status" className="notice warn">{shell.offline}</p>}
      <main id="main" tabIndex={-1}>{children}</main>
    </>
  )
}
