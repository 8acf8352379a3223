import { QueryClientProvider } from "@tanstack/react-query"
import { render } from "@testing-library/react"
import type { ReactNode } from "react"
import { makeQueryClient } from "../../../src/api/queryClient.js"
import type { Me } from "../../../src/app/session.js"
import "../../modalDialogs.js"
import { signedIn } from "../../signedIn.js"
import { AT, OFFICER } from "./fixtures.js"

/** Who acts in the PNC actions' tests, and how a piece is rendered with its queries (the server: `../../fakeServer.ts`). */
export const me = (permissions: ReadonlyArray<string>, id = OFFICER): Me => signedIn("Olly Officer", permissions, id, AT)

export const ALL_PNC = ["pnc.view", "pnc.records.manage", "pnc.warrants.manage", "pnc.markers.manage", "pnc.licences.manage", "pnc.vehicles.manage"]

export const renderWithQueries = (ui: ReactNode) => render(<QueryClientProvider client={makeQueryClient()}>{ui}</QueryClientProvider>)
