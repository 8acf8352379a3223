import { lazy, type ReactNode, Suspense } from "react"
import { Link, Redirect, Route, Switch, useLocation } from "wouter"
import type { Me } from "../app/session.js"
import { admin as words, shell } from "../strings/index.js"
import "./admin.css"

type SectionPage = React.LazyExoticComponent<(props: { readonly me: Me }) => ReactNode>

/** The sections of Administration, each its own chunk, in the order of the room's own navigation. */
const SECTIONS: ReadonlyArray<{ readonly path: string; readonly label: string; readonly Page: SectionPage }> = [
  { path: "/accounts", label: words.accounts, Page: lazy(() => import("./accounts/AccountsPage.js")) },
  { path: "/roles", label: words.roles, Page: lazy(() => import("./roles/RolesPage.js")) },
  { path: "/credentials", label: words.credentials, Page: lazy(() => import("./credentials/CredentialsPage.js")) },
  { path: "/settings", label: words.settings, Page: lazy(() => import("./settings/SettingsPage.js")) },
  { path: "/charges", label: words.charges, Page: lazy(() => import("./charges/ChargesPage.js")) },
  { path: "/role-links", label: words.roleLinks, Page: lazy(() => import("./roleLinks/RoleLinksPage.js")) },
  { path: "/webhooks", label: words.webhooks, Page: lazy(() => import("./webhooks/WebhooksPage.js")) }
]

/** Administration (`admin.manage`): its sections side by side, each at an address of its own (`/admin/roles`). */
const AdminRoom = ({ me }: { readonly me: Me }) => {
  const [location] = useLocation()
  return (
    <div className="admin-room">
      <h1>{words.title}</h1>
      <nav aria-label={words.sections}>
        <ul className="tabs">
          {SECTIONS.map((section) => (
            <li key={section.path}>
              <Link href={section.path} aria-current={location.startsWith(section.path) ? "page" : undefined}>{section.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <Switch>
        {SECTIONS.map(({ path, Page }) => (
          <Route key={path} path={path} nest>
            <Suspense fallback={<p className="muted" role="status">{shell.loading}</p>}>
              <Page me={me} />
            </Suspense>
          </Route>
        ))}
        <Route>
          <Redirect to={SECTIONS[0]!.path} replace />
        </Route>
      </Switch>
    </div>
  )
}

export default AdminRoom
