// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { makeQueryClient } from "../src/api/queryClient.js"
import { App } from "../src/app/App.js"
import { resetProblem } from "../src/app/problems.js"
import { rememberWhereIAm } from "../src/app/returnTo.js"
import { ok, serve } from "./fakeServer.js"

const ME = {
  id: "01a2352a-d94e-7539-a6d0-e6e376d98952",
  displayName: "Dana Dispatcher",
  status: "ACTIVE",
  identity: { id: "dev-dispatcher", username: "dana.dispatcher", avatar: null },
  platform: null,
  staff: { id: "01a2352a-d94e-7539-a6d0-e6e376d98953", active: true },
  roles: [{ id: "01a2352a-d94e-7539-a6d0-e6e376d98954", name: "Dispatcher" }],
  permissions: ["cad.view", "cad.dispatch"],
  developerAccess: false,
  createdAt: "2026-12-01T10:00:00.000Z"
}

const OFFERS = { developerAccess: false, platformLink: false }

afterEach(() => {
  cleanup()
  sessionStorage.clear()
  resetProblem()
  window.history.replaceState(null, "", "/")
})

describe("the shell", () => {
  it("offers signing in to someone not signed in, without saying a session ended", async () => {
    serve({
      "GET /api/me": () => ({ status: 401, body: { error: { code: "UNAUTHENTICATED", message: "Sign in, or send a service credential" }, requestId: "r1" } })
    })
    render(<App queries={makeQueryClient()} offers={OFFERS} />)
    expect(await screen.findByRole("heading", { name: "Sign in to Bluelight" })).toBeTruthy()
    expect(screen.getByRole("button", { name: "Sign in" })).toBeTruthy()
  })

  it("shows who is signed in, and navigation to the rooms their permissions open only", async () => {
    serve({ "GET /api/me": () => ok(ME) })
    render(<App queries={makeQueryClient()} offers={OFFERS} />)
    expect(await screen.findByRole("heading", { name: "Signed in as Dana Dispatcher" })).toBeTruthy()
    const nav = screen.getByRole("navigation", { name: "Main" })
    expect([...nav.querySelectorAll("a")].map((a) => a.textContent)).toEqual(["Control"])
    expect(screen.getByText("Dispatcher")).toBeTruthy()
  })

  it("refuses a room typed as an address when the permissions do not open it", async () => {
    window.history.replaceState(null, "", "/mdt")
    serve({ "GET /api/me": () => ok(ME) })
    render(<App queries={makeQueryClient()} offers={OFFERS} />)
    expect(await screen.findByRole("heading", { name: "Not for this account" })).toBeTruthy()
  })

  it("says a disabled account cannot sign in", async () => {
    serve({ "GET /api/me": () => ({ status: 403, body: { error: { code: "ACCOUNT_DISABLED", message: "This account is disabled" }, requestId: "r2" } }) })
    render(<App queries={makeQueryClient()} offers={OFFERS} />)
    expect(await screen.findByRole("heading", { name: "This account cannot sign in" })).toBeTruthy()
  })
})

describe("coming back from signing in", () => {
  const signedInFrom = (path: string) => {
    window.history.replaceState(null, "", path)
    rememberWhereIAm()
    // The identity provider sends every sign-in back to `/`.
    window.history.replaceState(null, "", "/")
  }

  it("opens the page the person was on when their session ended", async () => {
    signedInFrom("/control/incidents/42?tab=log")
    serve({ "GET /api/me": () => ok(ME) })
    render(<App queries={makeQueryClient()} offers={OFFERS} />)
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe("/control/incidents/42?tab=log"))
  })

  it("signing in from the home page opens the first room the roles open: a dispatcher's board", async () => {
    signedInFrom("/")
    serve({ "GET /api/me": () => ok(ME) })
    render(<App queries={makeQueryClient()} offers={OFFERS} />)
    await waitFor(() => expect(window.location.pathname).toBe("/control"))
  })

  it("stays home for someone whose roles open no room, and goes back only once", async () => {
    signedInFrom("/")
    serve({ "GET /api/me": () => ok({ ...ME, permissions: [] }) })
    render(<App queries={makeQueryClient()} offers={OFFERS} />)
    expect(await screen.findByRole("heading", { name: "Signed in as Dana Dispatcher" })).toBeTruthy()
    expect(window.location.pathname).toBe("/")
    expect(sessionStorage.length).toBe(0)
  })

  it("never leaves the origin, whatever was kept", async () => {
    sessionStorage.setItem("bluelight.returnTo", "//evil.example/phish")
    serve({ "GET /api/me": () => ok(ME) })
    render(<App queries={makeQueryClient()} offers={OFFERS} />)
    expect(await screen.findByRole("heading", { name: "Signed in as Dana Dispatcher" })).toBeTruthy()
    expect(window.location.pathname).toBe("/")
  })
})
