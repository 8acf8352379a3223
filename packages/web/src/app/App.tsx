import { QueryClientProvider, type QueryClient } from "@tanstack/react-query"
import { lazy, type ReactNode, Suspense, useEffect } from "react"
import { Route, Switch, useLocation } from "wouter"
import { ApiFailure, ConnectionLost } from "../api/failure.js"
import { shell } from "../strings/index.js"
import type { Offers } from "./offers.js"
import { Forbidden, NotFound } from "./pages/Forbidden.js"
import { Home } from "./pages/Home.js"
import { ProblemPage } from "./pages/ProblemPage.js"
import { SignedOut } from "./pages/SignedOut.js"
import { mayUse, ROOMS, roomsFor } from "./permissions.js"
import { resetProblem, useProblem } from "./problems.js"
import { takeReturnTo } from "./returnTo.js"
import { RoomBoundary } from "./RoomBoundary.js"
import { type Me, useMe } from "./session.js"
import { Shell } from "./Shell.js"

// Each room is its own chunk: the first page loads the shell alone.
const ControlRoom = lazy(() => import("../control/ControlRoom.js"))
const MdtRoom = lazy(() => import("../mdt/MdtRoom.js"))
const PncRoom = lazy(() => import("../pnc/PncRoom.js"))
const CharactersRoom = lazy(() => import("../characters/CharactersRoom.js"))
const StaffRoom = lazy(() => import("../staff/StaffRoom.js"))
const SessionsRoom = lazy(() => import("../sessions/SessionsRoom.js"))
const ModerationRoom = lazy(() => import("../moderation/ModerationRoom.js"))
const AdminRoom = lazy(() => import("../admin/AdminRoom.js"))
const AuditRoom = lazy(() => import("../audit/AuditRoom.js"))

const ROOM_PAGES: Readonly<Record<string, React.LazyExoticComponent<(props: { readonly me: Me }) => ReactNode>>> = {
  "/control": ControlRoom,
  "/mdt": MdtRoom,
  "/pnc": PncRoom,
  "/characters": CharactersRoom,
  "/staff": StaffRoom,
  "/sessions": SessionsRoom,
  "/moderation": ModerationRoom,
  "/admin": AdminRoom,
  "/audit": AuditRoom
}

const Loading = () => <p className="muted" role="status">{shell.loading}</p>

/**
 * After signing in: back to where the person was when their session ended, or, signing in from the
 * home page, into their first room (a dispatcher's board opens at once).
 */
const useReturnTo = (me: Me | undefined) => {
  const [, navigate] = useLocation()
  useEffect(() => {
    if (me === undefined) return
    const back = takeReturnTo()
    const first = roomsFor(me.permissions)[0]
    if (back?._tag === "Path") navigate(back.path, { replace: true })
    else if (back?._tag === "FirstRoom" && first !== undefined) navigate(first.path, { replace: true })
  }, [me, navigate])
}

const Rooms = ({ me, offers }: { readonly me: Me; readonly offers: Offers }) => (
  <Switch>
    <Route path="/">
      <Home me={me} offers={offers} />
    </Route>
    {ROOMS.map((room) => {
      const Page = ROOM_PAGES[room.path]!
      return (
        <Route key={room.path} path={room.path} nest>
          {mayUse(me.permissions, room) ? (
            <RoomBoundary>
              <Suspense fallback={<Loading />}>
                <Page me={me} />
              </Suspense>
            </RoomBoundary>
          ) : <Forbidden />}
        </Route>
      )
    })}
    <Route>
      <NotFound />
    </Route>
  </Switch>
)

const SignedIn = ({ offers }: { readonly offers: Offers }) => {
  const me = useMe()
  const problem = useProblem()
  useReturnTo(me.data)
  if (problem === "SESSION_ENDED") return <SignedOut ended />
  if (problem === "ACCOUNT_DISABLED" || (me.error instanceof ApiFailure && me.error.code === "ACCOUNT_DISABLED")) {
    return (
      <main className="centred">
        <ProblemPage title={shell.disabledTitle} lead={shell.disabledLead} />
      </main>
    )
  }
  if (me.isPending)
    return (
      <main className="centred">
        <Loading />
      </main>
    )
  if (me.isError) {
    const error = me.error
    if (error instanceof ApiFailure && error.code === "UNAUTHENTICATED") return <SignedOut ended={false} />
    return (
      <main className="centred">
        <ProblemPage title={shell.connectionLostTitle} lead={error instanceof ConnectionLost ? shell.connectionLostLead : error.message}>
          <button
            type="button"
            onClick={() => {
              resetProblem()
              void me.refetch()
            }}
          >
            {shell.retry}
          </button>
        </ProblemPage>
      </main>
    )
  }
  return (
    <Shell me={me.data}>
      <Rooms me={me.data} offers={offers} />
    </Shell>
  )
}

export const App = ({ queries, offers }: { readonly queries: QueryClient; readonly offers: Offers }) => (
  <QueryClientProvider client={queries}>
    <SignedIn offers={offers} />
  </QueryClientProvider>
)
