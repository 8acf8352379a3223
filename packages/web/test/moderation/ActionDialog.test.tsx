// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query"
import { act, cleanup, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it, vi } from "vitest"
import { makeQueryClient } from "../../src/api/queryClient.js"
import { resetProblem } from "../../src/app/problems.js"
import { PlayersTable } from "../../src/moderation/PlayersPanel.js"
import "../modalDialogs.js"
import { signedIn } from "../signedIn.js"
import { ACCOUNT, action, AT, Cut, player } from "./fixtures.js"
import { ok, refusal, seen, serve } from "../fakeServer.js"

afterEach(() => {
  cleanup()
  resetProblem()
  vi.useRealTimers()
})

const MODERATOR = ["players.view", "moderation.warn", "moderation.kick", "moderation.ban", "moderation.history"]

const renderPlayers = (permissions: ReadonlyArray<string> = MODERATOR) =>
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <PlayersTable players={[player()] as never} me={signedIn("Mo Moderator", permissions, ACCOUNT, AT)} />
    </QueryClientProvider>
  )

const KICKS = "POST /api/moderation/kicks"
const keysSent = () => seen.filter((request) => request.url.pathname === "/api/moderation/kicks").map((request) => request.headers.get("idempotency-key"))

const openKick = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole("button", { name: "Kick JohnSmith" }))
  const dialog = screen.getByRole("dialog", { name: "Kick JohnSmith" })
  return dialog
}

describe("the idempotency key of an action", () => {
  it("is made as the dialog opens, sent again unchanged after a lost answer, and new for a new action", async () => {
    const user = userEvent.setup()
    let answers = 0
    serve({
      [KICKS]: () => {
        answers += 1
        if (answers === 1) throw new Cut("connection reset")
        return answers === 2 ? ok(action(), 200, { replayed: true }) : ok(action(), 201, { replayed: false })
      }
    })
    renderPlayers()
    let dialog = await openKick(user)
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Random deathmatch")
    await user.click(within(dialog).getByRole("button", { name: "Kick" }))
    expect((await within(dialog).findByRole("alert")).textContent).toContain("The connection was lost before Bluelight answered")
    // What was sent is what is sent again: the reason cannot change under the same key.
    expect(within(dialog).getByRole("textbox", { name: "Reason" }).hasAttribute("readonly")).toBe(true)
    await user.click(within(dialog).getByRole("button", { name: "Send again" }))
    expect(await within(dialog).findByText("Succeeded")).toBeTruthy()
    expect(within(dialog).getByText(/it was not sent again/)).toBeTruthy()
    const [first, retry] = keysSent()
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,128}$/)
    expect(retry).toBe(first)
    expect(seen.filter((request) => request.method === "POST").map((request) => request.body))
      .toEqual([{ targetPlatformId: "100000002", reason: "Random deathmatch", evidence: null }, {
        targetPlatformId: "100000002",
        reason: "Random deathmatch",
        evidence: null
      }])

    await user.click(within(dialog).getByRole("button", { name: "Close" }))
    expect(screen.queryByRole("dialog")).toBeNull()
    dialog = await openKick(user)
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Random deathmatch")
    await user.click(within(dialog).getByRole("button", { name: "Kick" }))
    expect(await within(dialog).findByText("Succeeded")).toBeTruthy()
    const keys = keysSent()
    expect(keys).toHaveLength(3)
    expect(keys[2]).not.toBe(first)
  })

  it("keeps the key and what was typed when the API refuses the reason, showing its problem beside the field", async () => {
    const user = userEvent.setup()
    let answers = 0
    serve({
      [KICKS]: () => {
        answers += 1
        return answers === 1
          ? refusal(400, "INVALID_INPUT", "The request is not valid", [{ path: ["reason"], message: "must be at least 3 characters" }])
          : ok(action(), 201, { replayed: false })
      }
    })
    renderPlayers()
    const dialog = await openKick(user)
    const reason = within(dialog).getByRole("textbox", { name: "Reason" }) as HTMLInputElement
    await user.type(reason, "RD")
    await user.click(within(dialog).getByRole("button", { name: "Kick" }))
    expect((await within(dialog).findByRole("alert")).textContent).toContain("The request is not valid")
    expect(reason.value).toBe("RD")
    expect(reason.getAttribute("aria-invalid")).toBe("true")
    expect(reason.getAttribute("aria-describedby")?.split(" ").map((id) => document.getElementById(id)?.textContent)).toContain(
      "must be at least 3 characters"
    )
    await user.type(reason, "M in the city")
    await user.click(within(dialog).getByRole("button", { name: "Kick" }))
    expect(await within(dialog).findByText("Succeeded")).toBeTruthy()
    const [first, second] = keysSent()
    expect(second).toBe(first)
  })
})

describe("the delivery in words", () => {
  it("UNKNOWN is explained as sent without a confirmed outcome, and never offered for sending again", async () => {
    const user = userEvent.setup()
    serve({ [KICKS]: () => ok(action({ delivery: "UNKNOWN" }), 201, { replayed: false }) })
    renderPlayers()
    const dialog = await openKick(user)
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Random deathmatch")
    await user.click(within(dialog).getByRole("button", { name: "Kick" }))
    expect(await within(dialog).findByText("Unknown")).toBeTruthy()
    expect(within(dialog).getByText("Sent; the outcome was not confirmed. It is never sent again.")).toBeTruthy()
    expect(within(dialog).queryByRole("button", { name: "Send again" })).toBeNull()
    expect(within(dialog).queryByRole("button", { name: "Kick" })).toBeNull()
    expect(within(dialog).getByRole("button", { name: "Close" })).toBeTruthy()
  })

  it("FAILED says why", async () => {
    const user = userEvent.setup()
    serve({ [KICKS]: () => ok(action({ delivery: "FAILED", errorCode: "TARGET_NOT_IN_SERVER" }), 201, { replayed: false }) })
    renderPlayers()
    const dialog = await openKick(user)
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Random deathmatch")
    await user.click(within(dialog).getByRole("button", { name: "Kick" }))
    expect(await within(dialog).findByText("Failed")).toBeTruthy()
    expect(within(dialog).getByText("The player is not on the server.")).toBeTruthy()
    expect(within(dialog).queryByRole("button", { name: "Send again" })).toBeNull()
  })
})

describe("a busy game server", () => {
  it("counts the wait down from Retry-After, then offers sending again with the same key", async () => {
    // Only the interval and the clock are faked: the answers' promises run as they would.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] })
    const user = userEvent.setup()
    let answers = 0
    serve({
      [KICKS]: () => {
        answers += 1
        return answers === 1
          ? refusal(503, "GAME_THROTTLED", "The game server is cooling down after the last command: 3 seconds left", { availability: "unavailable" }, {
            "retry-after": "3"
          })
          : ok(action(), 201, { replayed: false })
      }
    })
    renderPlayers()
    const dialog = await openKick(user)
    await user.type(within(dialog).getByRole("textbox", { name: "Reason" }), "Random deathmatch")
    await user.click(within(dialog).getByRole("button", { name: "Kick" }))
    expect(await within(dialog).findByText("The game server is busy. Nothing was stored. You may send again in 3 seconds.")).toBeTruthy()
    const again = within(dialog).getByRole("button", { name: "Send again" }) as HTMLButtonElement
    expect(again.disabled).toBe(true)
    act(() => {
      vi.advanceTimersByTime(1_000)
    })
    expect(within(dialog).getByText("The game server is busy. Nothing was stored. You may send again in 2 seconds.")).toBeTruthy()
    expect(within(dialog).getByText("The game server is cooling down after the last command: 3 seconds left")).toBeTruthy()
    act(() => {
      vi.advanceTimersByTime(1_000)
    })
    expect(within(dialog).getByText(/send again in 1 second\./)).toBeTruthy()
    expect(again.disabled).toBe(true)
    act(() => {
      vi.advanceTimersByTime(1_000)
    })
    expect(within(dialog).getByText("The game server is busy. Nothing was stored. You may send again now.")).toBeTruthy()
    expect(again.disabled).toBe(false)
    await user.click(again)
    expect(await within(dialog).findByText("Succeeded")).toBeTruthy()
    const [first, second] = keysSent()
    expect(second).toBe(first)
  })
})

describe("the actions offered", () => {
  it("offers only the actions the person holds the key for, and none against in-game staff", async () => {
    serve({})
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <PlayersTable
          players={[player(), player({ platformId: "100000004", username: "GameMod", permission: "Server Moderator", inGameStaff: true })] as never}
          me={signedIn("Wren Warner", ["players.view", "moderation.warn"], ACCOUNT, AT)}
        />
      </QueryClientProvider>
    )
    expect(screen.getByRole("button", { name: "Warn JohnSmith" })).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Kick JohnSmith" })).toBeNull()
    expect(screen.queryByRole("button", { name: "Ban JohnSmith" })).toBeNull()
    expect(screen.queryByRole("button", { name: "Warn GameMod" })).toBeNull()
    expect(screen.getByText("Staff")).toBeTruthy()
    // Without moderation.history, a player's name is not a link to it.
    expect(screen.queryByRole("link", { name: "JohnSmith" })).toBeNull()
  })
})
