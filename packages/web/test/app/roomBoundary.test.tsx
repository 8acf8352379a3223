// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { RoomBoundary } from "../../src/app/RoomBoundary.js"

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const Broken = (): never => {
  throw new TypeError("Failed to fetch dynamically imported module")
}

describe("a room that cannot be shown", () => {
  it("says so with a way to try again, instead of blanking the page", () => {
    // React reports the caught error on the console; the page saying so is what is under test.
    vi.spyOn(console, "error").mockImplementation(() => undefined)
    render(
      <RoomBoundary>
        <Broken />
      </RoomBoundary>
    )
    expect(screen.getByRole("heading", { name: "This room could not be opened" })).toBeTruthy()
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy()
  })

  it("shows the room when it draws", () => {
    render(
      <RoomBoundary>
        <h1>Control</h1>
      </RoomBoundary>
    )
    expect(screen.getByRole("heading", { name: "Control" })).toBeTruthy()
  })
})
