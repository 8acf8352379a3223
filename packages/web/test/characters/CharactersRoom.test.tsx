// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query"
import { cleanup, render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { Router } from "wouter"
import { memoryLocation } from "wouter/memory-location"
import { makeQueryClient } from "../../src/api/queryClient.js"
import { resetProblem } from "../../src/app/problems.js"
import CharactersRoom from "../../src/characters/CharactersRoom.js"
import { signedIn } from "../signedIn.js"
import { bodiesOf, ok, page, refusal, seen, serve } from "../fakeServer.js"
import "../modalDialogs.js"
import { ACCOUNT, AT, CHARACTER, characterJson, licenceJson, vehicleJson } from "./fixtures.js"

const MEMBER = ["civilians.create", "civilians.manage_own"]
const CHARACTER_PATH = `/api/civilians/${CHARACTER}`

afterEach(() => {
  cleanup()
  resetProblem()
})

/** The room at `path` (inside its own nest, so `/` is My characters). */
const renderRoom = (path: string) => {
  const location = memoryLocation({ path, record: true })
  render(
    <QueryClientProvider client={makeQueryClient()}>
      <Router hook={location.hook}>
        <CharactersRoom me={signedIn("Mia Member", MEMBER, ACCOUNT, AT)} />
      </Router>
    </QueryClientProvider>
  )
  return location
}

/** A date of birth `years` years and a few days before today (UTC), `YYYY-MM-DD`. */
const bornYearsAgo = (years: number) => {
  const date = new Date()
  date.setUTCDate(date.getUTCDate() - 3)
  date.setUTCFullYear(date.getUTCFullYear() - years)
  return date.toISOString().slice(0, 10)
}

describe("my characters", () => {
  it("lists them, each a link to its own page", async () => {
    serve({ "GET /api/civilians": () => page([characterJson({ licence: licenceJson(), vehicles: [vehicleJson()] })]) })
    renderRoom("/")
    expect(screen.getByRole("heading", { level: 1, name: "My characters" })).toBeTruthy()
    const table = await screen.findByRole("table", { name: "Your characters" })
    const link = within(table).getByRole("link", { name: "Jane Doe" })
    expect(link.getAttribute("href")).toBe(`/${CHARACTER}`)
    expect(within(table).getByText("CIV-000001")).toBeTruthy()
    expect(within(table).getByText("Valid")).toBeTruthy()
  })

  it("shows another member's character as the API's refusal, as a page", async () => {
    serve({ [`GET ${CHARACTER_PATH}`]: () => refusal(404, "NOT_FOUND", "No such character") })
    renderRoom(`/${CHARACTER}`)
    expect(await screen.findByRole("heading", { level: 1, name: "Character not found" })).toBeTruthy()
    expect(screen.getByText("No such character")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Back to My characters" })).toBeTruthy()
  })
})

describe("creating a character", () => {
  it("says beside each required field what is missing, by the API's own rules, before sending anything", async () => {
    const user = userEvent.setup()
    serve({})
    renderRoom("/new")
    const form = screen.getByRole("form", { name: "New character" })
    await user.click(within(form).getByRole("button", { name: "Create character" }))
    const expected = {
      "Full name": "must not be blank",
      "Date of birth": "must be a calendar date in the form YYYY-MM-DD",
      "Gender": "must be one of",
      "Address": "must not be blank"
    }
    for (const [name, problem] of Object.entries(expected)) {
      const control = within(form).getByLabelText(name)
      await waitFor(() => expect(control.getAttribute("aria-invalid")).toBe("true"))
      expect(document.getElementById(control.getAttribute("aria-describedby")!)?.textContent).toContain(problem)
    }
    expect(within(form).getByRole("alert").textContent).toContain("Some fields need changing")
    expect(seen).toEqual([])
  })

  it("opens the new character's page once created", async () => {
    const user = userEvent.setup()
    serve({ "POST /api/civilians": () => ok(characterJson(), 201), [`GET ${CHARACTER_PATH}`]: () => ok(characterJson()) })
    const location = renderRoom("/new")
    const form = screen.getByRole("form", { name: "New character" })
    await user.type(within(form).getByLabelText("Full name"), "Jane Doe")
    await user.type(within(form).getByLabelText("Date of birth"), "1990-05-14")
    await user.selectOptions(within(form).getByLabelText("Gender"), "Female")
    await user.type(within(form).getByLabelText("Address"), "1 High Street, Anytown")
    await user.click(within(form).getByRole("button", { name: "Create character" }))
    expect(await screen.findByRole("heading", { level: 1, name: "Jane Doe" })).toBeTruthy()
    expect(location.history?.at(-1)).toBe(`/${CHARACTER}`)
    expect(bodiesOf("POST", "/api/civilians")[0]).toEqual({
      fullName: "Jane Doe",
      dateOfBirth: "1990-05-14",
      gender: "FEMALE",
      address: "1 High Street, Anytown",
      phone: null,
      occupation: null,
      imageUrl: null,
      notes: null
    })
  })
})

describe("an address that is no character", () => {
  it("says so without asking the API when it cannot be a character's id", async () => {
    serve({})
    renderRoom("/not a character/at all")
    expect(await screen.findByRole("heading", { level: 1, name: "Character not found" })).toBeTruthy()
    expect(seen).toEqual([])
  })
})

describe("the licence age rule", () => {
  it("says which categories a young character is too young for before anything is sent, and offers no application", async () => {
    serve({ [`GET ${CHARACTER_PATH}`]: () => ok(characterJson({ dateOfBirth: bornYearsAgo(15) })) })
    renderRoom(`/${CHARACTER}`)
    const form = await screen.findByRole("form", { name: "Apply for a licence" })
    const rule = within(form).getByText(/Too young for/)
    expect(rule.textContent).toContain("Aged 15 today.")
    expect(rule.textContent).toContain("Too young for A: motorcycles, B: cars, C: large goods vehicles and D: buses")
    expect(rule.textContent).toContain("aged 17 or over on the day of issue")
    const categories = within(form).getByRole("group", { name: "Categories" })
    expect(categories.getAttribute("aria-describedby")).toBe(rule.id)
    const apply = within(form).getByRole("button", { name: "Apply for licence" }) as HTMLButtonElement
    expect(apply.disabled).toBe(true)
    expect(seen.filter((request) => request.method === "POST")).toEqual([])
  })

  it("says an adult is old enough, applies with the categories ticked, and shows the licence issued", async () => {
    const user = userEvent.setup()
    let issued = false
    serve({
      [`GET ${CHARACTER_PATH}`]: () => ok(characterJson({ identityLocked: issued, licence: issued ? licenceJson({ categories: ["A", "B"] }) : null })),
      [`POST ${CHARACTER_PATH}/licence`]: () => {
        issued = true
        return ok(licenceJson({ categories: ["A", "B"] }), 201)
      }
    })
    renderRoom(`/${CHARACTER}`)
    const form = await screen.findByRole("form", { name: "Apply for a licence" })
    expect(within(form).getByText(/Old enough for every category/)).toBeTruthy()
    await user.click(within(form).getByRole("checkbox", { name: "A: motorcycles" }))
    await user.click(within(form).getByRole("button", { name: "Apply for licence" }))
    expect(await screen.findByText("DOE99905140JD9AB")).toBeTruthy()
    expect(bodiesOf("POST", `${CHARACTER_PATH}/licence`)[0]).toEqual({ categories: ["A", "B"] })
    const licence = screen.getByRole("region", { name: "Driving licence" })
    expect(within(licence).getByText("A: motorcycles, B: cars")).toBeTruthy()
  })
})

describe("the holder's licence", () => {
  it("shows its status, points, endorsements and why it is suspended", async () => {
    serve({
      [`GET ${CHARACTER_PATH}`]: () =>
        ok(characterJson({
          identityLocked: true,
          licence: licenceJson({
            status: "SUSPENDED",
            points: 12,
            suspendedUntil: "2027-06-01T12:00:00.000Z",
            suspensionReason: "TOTTING_UP",
            endorsements: [{
              id: "01a2352a-d94e-7539-a6d0-e6e376d99401",
              code: "SP30",
              reason: "Speeding",
              points: 12,
              createdAt: AT,
              expiresAt: "2029-12-02T05:00:00.000Z",
              active: true
            }]
          })
        }))
    })
    renderRoom(`/${CHARACTER}`)
    const licence = await screen.findByRole("region", { name: "Driving licence" })
    expect(await within(licence).findByText("Suspended")).toBeTruthy()
    expect(within(licence).getByText("12", { selector: "dd" })).toBeTruthy()
    expect(within(licence).getByText("Totting up: the points reached the community's limit")).toBeTruthy()
    expect(within(licence).getByText("1 Jun 2027", { exact: false })).toBeTruthy()
    const endorsement = within(within(licence).getByRole("table", { name: "Endorsements" })).getByRole("row", { name: /SP30/ })
    expect(within(endorsement).getByText("Active")).toBeTruthy()
  })
})

describe("a licence issued meanwhile", () => {
  it("shows the API's refusal above the licence as it now is", async () => {
    const user = userEvent.setup()
    let reads = 0
    serve({
      [`GET ${CHARACTER_PATH}`]: () => {
        reads += 1
        return ok(characterJson(reads === 1 ? {} : { identityLocked: true, licence: licenceJson() }))
      },
      [`POST ${CHARACTER_PATH}/licence`]: () => refusal(409, "LICENCE_EXISTS", "This character already holds a licence")
    })
    renderRoom(`/${CHARACTER}`)
    const form = await screen.findByRole("form", { name: "Apply for a licence" })
    await user.click(within(form).getByRole("button", { name: "Apply for licence" }))
    const licence = screen.getByRole("region", { name: "Driving licence" })
    expect(await within(licence).findByText("DOE99905140JD9AB")).toBeTruthy()
    expect(within(licence).getByRole("alert").textContent).toContain("This character already holds a licence")
  })
})

describe("editing a locked character", () => {
  it("shows the name, date of birth and gender disabled with the reason beside them, and sends only what may change", async () => {
    const user = userEvent.setup()
    serve({
      [`GET ${CHARACTER_PATH}`]: () => ok(characterJson({ identityLocked: true, licence: licenceJson() })),
      [`PATCH ${CHARACTER_PATH}`]: ({ body }) => ok(characterJson({ identityLocked: true, licence: licenceJson(), ...(body as object) }))
    })
    renderRoom(`/${CHARACTER}`)
    const details = await screen.findByRole("region", { name: "Details" })
    await user.click(within(details).getByRole("button", { name: "Edit details" }))
    const form = within(details).getByRole("form", { name: "Edit details" })
    for (const [role, name] of [["textbox", "Full name"], ["combobox", "Gender"]] as const) {
      const control = within(form).getByRole(role, { name }) as HTMLInputElement
      expect(control.disabled).toBe(true)
      expect(document.getElementById(control.getAttribute("aria-describedby")!)?.textContent).toContain("Locked: this character has official history")
    }
    expect((within(form).getByLabelText("Date of birth") as HTMLInputElement).disabled).toBe(true)
    const address = within(form).getByRole("textbox", { name: "Address" })
    await user.clear(address)
    await user.type(address, "2 Low Road, Anytown")
    await user.click(within(form).getByRole("button", { name: "Save changes" }))
    expect(await within(details).findByText("2 Low Road, Anytown")).toBeTruthy()
    expect(bodiesOf("PATCH", CHARACTER_PATH)[0]).toEqual({ address: "2 Low Road, Anytown" })
    expect(within(details).getByRole("status").textContent).toBe("Saved.")
  })
})

describe("registering a vehicle", () => {
  it("shows a plate the API refuses beside the plate field, keeping what was typed", async () => {
    const user = userEvent.setup()
    serve({
      [`GET ${CHARACTER_PATH}`]: () => ok(characterJson()),
      [`POST ${CHARACTER_PATH}/vehicles`]: () => refusal(409, "PLATE_TAKEN", "That plate is already registered to another vehicle")
    })
    renderRoom(`/${CHARACTER}`)
    const form = await screen.findByRole("form", { name: "Register a vehicle" })
    await user.type(within(form).getByRole("textbox", { name: "Plate" }), "ab12 cde")
    await user.type(within(form).getByRole("textbox", { name: "Make" }), "Ford")
    await user.type(within(form).getByRole("textbox", { name: "Model" }), "Focus")
    await user.type(within(form).getByRole("textbox", { name: "Colour" }), "Blue")
    await user.click(within(form).getByRole("button", { name: "Register vehicle" }))
    expect((await within(form).findByRole("alert")).textContent).toContain("That plate is already registered to another vehicle")
    const plate = within(form).getByRole("textbox", { name: "Plate" }) as HTMLInputElement
    expect(plate.value).toBe("ab12 cde")
    expect(plate.getAttribute("aria-invalid")).toBe("true")
    expect(document.getElementById(plate.getAttribute("aria-describedby")!)?.textContent).toBe("That plate is already registered to another vehicle")
    expect(bodiesOf("POST", `${CHARACTER_PATH}/vehicles`)[0]).toEqual({ plate: "ab12 cde", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" })
  })

  it("checks the plate by the API's own rule before sending", async () => {
    const user = userEvent.setup()
    serve({ [`GET ${CHARACTER_PATH}`]: () => ok(characterJson()) })
    renderRoom(`/${CHARACTER}`)
    const form = await screen.findByRole("form", { name: "Register a vehicle" })
    await user.type(within(form).getByRole("textbox", { name: "Plate" }), "AB12_CDE!")
    await user.click(within(form).getByRole("button", { name: "Register vehicle" }))
    const plate = within(form).getByRole("textbox", { name: "Plate" })
    await waitFor(() => expect(plate.getAttribute("aria-invalid")).toBe("true"))
    expect(seen.filter((request) => request.method === "POST")).toEqual([])
  })
})

describe("transferring a vehicle", () => {
  it("asks for the new keeper's reference in a confirmation, then sends it", async () => {
    const user = userEvent.setup()
    let transferred = false
    serve({
      [`GET ${CHARACTER_PATH}`]: () => ok(characterJson({ vehicles: transferred ? [] : [vehicleJson()] })),
      [`POST ${CHARACTER_PATH}/vehicles/${vehicleJson().id}/transfer`]: () => {
        transferred = true
        return ok(vehicleJson())
      }
    })
    renderRoom(`/${CHARACTER}`)
    await user.click(await screen.findByRole("button", { name: "Transfer AB12 CDE" }))
    const dialog = screen.getByRole("dialog", { name: "Transfer AB12 CDE to another character" })
    await user.type(within(dialog).getByRole("textbox", { name: "New keeper's reference (CIV-…)" }), "civ-000002")
    await user.click(within(dialog).getByRole("button", { name: "Transfer vehicle" }))
    expect(await screen.findByText("AB12 CDE now belongs to CIV-000002.")).toBeTruthy()
    expect(seen.find((request) => request.url.pathname.endsWith("/transfer"))?.body).toEqual({ toReference: "CIV-000002" })
    expect(await screen.findByText("This character keeps no vehicles.")).toBeTruthy()
  })
})

describe("disclosed records", () => {
  it("shows what the owner view gives: title, fine and points", async () => {
    serve({
      [`GET ${CHARACTER_PATH}`]: () =>
        ok(characterJson({
          records: [{
            id: "01a2352a-d94e-7539-a6d0-e6e376d99301",
            reference: "REC-000001",
            type: "CITATION",
            status: "OPEN",
            title: "Speeding",
            description: "48 in a 30",
            location: "High Street",
            occurredAt: AT,
            fineAmount: 100,
            points: 3,
            vehicle: null
          }]
        }))
    })
    renderRoom(`/${CHARACTER}`)
    const table = await screen.findByRole("table", { name: "My disclosed records" })
    const row = within(table).getByRole("row", { name: /Speeding/ })
    expect(within(row).getByText("£100.00")).toBeTruthy()
    expect(within(row).getByText("3")).toBeTruthy()
    expect(within(row).getByText("Citation")).toBeTruthy()
  })
})
