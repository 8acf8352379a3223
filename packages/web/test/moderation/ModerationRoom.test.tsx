// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query"
import { cleanup, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { Route, Router } from "wouter"
import { memoryLocation } from "wouter/memory-location"
import { makeQueryClient } from "../../src/api/queryClient.js"
import { resetProblem } from "../../src/app/problems.js"
import ModerationRoom from "../../src/moderation/ModerationRoom.js"
import { signedIn } from "../signedIn.js"
import { ACCOUNT, action, AT, livePage, player } from "./fixtures.js"
import { ok, refusal, seen, serve, page } from "../fakeServer.js"

afterEach(() => {
  cleanup()
  resetProblem()
})

/** The room as the app nests it, at `path`, for someone holding `permissions`. */
const renderRoom = (path: string, permissions: ReadonlyArray<string>) => {
  const location = memoryLocation({ path, record: true })
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <Router hook={location.hook}>
        <Route path="/moderation" nest>
          <ModerationRoom me={signedIn("Mo Moderator", permissions, ACCOUNT, AT)} />
        </Route>
      </Router>
    </QueryClientProvider>
  )
  return location
}

const tabs = () => within(screen.getByRole("navigation", { name: "Moderation sections" })).getAllByRole("link").map((link) => link.textContent)

describe("the room's own navigation", () => {
  it("shows only the tabs and panels whose keys the person holds", async () => {
    serve({
      "GET /api/server/players": () => livePage([player()]),
      "GET /api/server/join-logs": () => livePage([{ at: AT, joined: true, player: { platformId: "100000002", username: "JohnSmith", account: null } }]),
      "GET /api/server/kill-logs": () => livePage([])
    })
    renderRoom("/moderation/server", ["players.view"])
    expect(tabs()).toEqual(["Live server"])
    const players = await screen.findByRole("region", { name: "Players" })
    expect(await within(players).findByText("JohnSmith")).toBeTruthy()
    expect(within(players).queryByRole("button", { name: "Kick JohnSmith" })).toBeNull()
    expect(await within(await screen.findByRole("region", { name: "Joins and leaves" })).findByText("Joined")).toBeTruthy()
    expect(screen.queryByRole("region", { name: "Server status" })).toBeNull()
    expect(screen.queryByRole("region", { name: "Bans" })).toBeNull()
    expect(seen.map((request) => request.url.pathname).sort()).toEqual(["/api/server/join-logs", "/api/server/kill-logs", "/api/server/players"])
  })

  it("opens the first tab the person may use", async () => {
    serve({ "GET /api/moderation/actions": () => page([]) })
    const location = renderRoom("/moderation", ["moderation.history", "moderation.view", "moderation.warn"])
    expect(tabs()).toEqual(["Live server", "Players", "Actions"])
    await screen.findByRole("region", { name: "Commands" })
    expect(location.history.at(-1)).toBe("/moderation/server")
  })
})

describe("the live server", () => {
  it("shows the API's message when the game server cannot be read", async () => {
    serve({
      "GET /api/server": () =>
        refusal(503, "GAME_UNAVAILABLE", "The game server cannot be read right now (timeout)", { availability: "unavailable" }, { "retry-after": "5" })
    })
    renderRoom("/moderation/server", ["server.view"])
    const status = await screen.findByRole("region", { name: "Server status" })
    expect((await within(status).findByRole("alert")).textContent).toBe("The game server cannot be read right now (timeout)")
  })

  it("shows a game ban with Bluelight's ban action and its delivery", async () => {
    serve({
      "GET /api/server/command-logs": () => livePage([]),
      "GET /api/server/mod-calls": () => livePage([{ at: AT, caller: { platformId: "100000003", username: "SpeedyDriver", account: null }, moderator: null }]),
      "GET /api/server/bans": () =>
        livePage([
          { player: { platformId: "100000002", username: "JohnSmith", account: null }, action: action({ type: "ban", reason: "Cheating" }) },
          { player: { platformId: "100000005", username: "OldTimer", account: { id: ACCOUNT, displayName: "Olly Old" } }, action: null }
        ])
    })
    renderRoom("/moderation/server", ["moderation.view"])
    const bans = await screen.findByRole("region", { name: "Bans" })
    const rows = await within(bans).findAllByRole("row")
    expect(rows.map((row) => row.textContent)).toEqual([
      "PlayerBluelight ban",
      "JohnSmithCheating Succeeded The game server carried it out.",
      "OldTimer (Olly Old)Banned in the game"
    ])
    expect(within(bans).getByRole("link", { name: "Cheating" }).getAttribute("href")).toBe(`/moderation/actions/${action().id}`)
    expect(await within(screen.getByRole("region", { name: "Moderator calls" })).findByText("Not answered")).toBeTruthy()
  })
})

describe("the actions list", () => {
  it("sends the filters and pages on", async () => {
    const user = userEvent.setup()
    serve({
      "GET /api/moderation/actions": ({ url }) =>
        ok([action({ targetUsername: url.searchParams.get("offset") === "0" ? "JohnSmith" : "Later" })], 200, {
          limit: 25,
          offset: Number(url.searchParams.get("offset")),
          hasMore: url.searchParams.get("offset") === "0"
        })
    })
    renderRoom("/moderation/actions", ["moderation.view"])
    const filters = await screen.findByRole("form", { name: "Filters" })
    await user.type(within(filters).getByRole("textbox", { name: "Target platform id" }), "100000002")
    await user.selectOptions(within(filters).getByRole("combobox", { name: "Type" }), "Kick")
    await user.click(within(filters).getByRole("button", { name: "Apply" }))
    const table = await screen.findByRole("table", { name: "Moderation actions" })
    expect(await within(table).findByText("JohnSmith")).toBeTruthy()
    const last = seen.at(-1)!.url.searchParams
    expect([last.get("targetPlatformId"), last.get("type"), last.get("offset")]).toEqual(["100000002", "kick", "0"])
    await user.click(screen.getByRole("button", { name: "Next page" }))
    expect(await within(screen.getByRole("table", { name: "Moderation actions" })).findByText("Later")).toBeTruthy()
    expect(seen.at(-1)!.url.searchParams.get("offset")).toBe("25")
  })
})
