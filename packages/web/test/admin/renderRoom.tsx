import { QueryClientProvider } from "@tanstack/react-query"
import { render } from "@testing-library/react"
import type { ReactNode } from "react"
import { Router } from "wouter"
import { makeQueryClient } from "../../src/api/queryClient.js"
import { meQuery } from "../../src/app/session.js"
import { signedIn } from "../signedIn.js"
import { ADMIN_ID, AT } from "./fixtures.js"

/** The administrator the rooms are shown to, holding `permissions`. */
export const adminMe = (permissions: ReadonlyArray<string> = ["admin.manage", "audit.view"]) => signedIn("Ada Administrator", permissions, ADMIN_ID, AT)

/**
 * A room or section at the address `at` (the page's own history), nested under `base` as the app nests
 * it, with `GET /api/me` already answered (what `AuditLink` reads).
 */
export const renderAt = (at: string, base: string, page: ReactNode, permissions?: ReadonlyArray<string>) => {
  window.history.replaceState(null, "", at)
  const queries = makeQueryClient()
  queries.setQueryData(meQuery.queryKey, adminMe(permissions))
  const view = render(
    <QueryClientProvider client={queries}>
      <Router base={base}>{page}</Router>
    </QueryClientProvider>
  )
  return { ...view, queries }
}
