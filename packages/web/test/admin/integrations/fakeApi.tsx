import { QueryClientProvider, type QueryClient } from "@tanstack/react-query"
import { render } from "@testing-library/react"
import type { ReactNode } from "react"
import { Router } from "wouter"
import { makeQueryClient } from "../../../src/api/queryClient.js"
import type { Me } from "../../../src/app/session.js"
import { signedIn } from "../../signedIn.js"

/** Who acts in the Integrations sections' tests, and a section rendered at its address (the server: `../../fakeServer.ts`). */
export const AT = "2026-12-07T20:00:00.000Z"
export const ADMIN_ID = "01a2352a-d94e-7539-a6d0-e6e376d98952"
export const admin = (permissions: ReadonlyArray<string> = ["admin.manage", "pnc.view"]): Me => signedIn("Ada Admin", permissions, ADMIN_ID, AT)

/** A section of Administration at its address (`/admin/webhooks`), under the room's base as the app nests it. */
export const renderSection = (base: string, node: ReactNode, path = "/"): { readonly queries: QueryClient } => {
  window.history.replaceState(null, "", `${base}${path === "/" ? "" : path}`)
  const queries = makeQueryClient()
  render(
    <QueryClientProvider client={queries}>
      <Router base={base}>{node}</Router>
    </QueryClientProvider>
  )
  return { queries }
}
