import { describe, expect, it } from "vitest"
import { amountOfPence, formatPounds, penceFromText, penceOfAmount, textOfAmount } from "../../../src/ui/money.js"
import { chargeBody, chargeChange, EMPTY_CHARGE, formOfCharge } from "../../../src/admin/charges/chargeForm.js"
import type { Charge } from "../../../src/admin/charges/queries.js"

describe("pounds as typed, whole pence within, the API's amount sent", () => {
  it.each([
    ["100", 10_000],
    ["62.5", 6_250],
    ["62.50", 6_250],
    ["£1,250.05", 125_005],
    [" 0.1 ", 10],
    ["0", 0],
    ["1000000", 100_000_000]
  ])("reads %j as %i pence", (text, pence) => {
    expect(penceFromText(text)).toBe(pence)
  })

  it.each(["", "12.345", "-5", "ten", "1e3", "12.", ".5", "£"])("refuses %j", (text) => {
    expect(penceFromText(text)).toBeNull()
  })

  it("sends pounds with no binary fraction, and reads them back as typed", () => {
    expect(amountOfPence(penceFromText("0.29")!)).toBe(0.29)
    expect(amountOfPence(penceFromText("1234.56")!)).toBe(1234.56)
    expect(penceOfAmount(0.29)).toBe(29)
    expect(penceOfAmount(1234.56)).toBe(123_456)
    expect(textOfAmount(62.5)).toBe("62.50")
    expect(textOfAmount(100)).toBe("100")
    expect(textOfAmount(0.07)).toBe("0.07")
    for (const text of ["0.01", "19.99", "999999.99", "1000000"])
      expect(penceFromText(textOfAmount(amountOfPence(penceFromText(text)!)))).toBe(penceFromText(text))
  })

  it("shows amounts in pounds and pence", () => {
    expect(formatPounds(1250.5)).toBe("£1,250.50")
    expect(formatPounds(0)).toBe("£0.00")
  })
})

const CHARGE: Charge = {
  id: "01a2352a-d94e-7539-a6d0-e6e376d98e01",
  code: "SP30",
  title: "Exceeding the speed limit",
  category: "Traffic",
  fineMin: 100,
  fineMax: 1000,
  points: 3,
  endorsementCode: "SP30",
  custodyMaxDays: null,
  warningApplicable: true,
  active: true,
  createdAt: "2026-12-07T20:00:00.000Z",
  updatedAt: "2026-12-07T20:00:00.000Z"
} as unknown as Charge

describe("a charge's form", () => {
  it("sends fines as the API's amount in pounds, empty optional fields as null", () => {
    const read = chargeBody({ ...EMPTY_CHARGE, code: "sp30", title: "Speeding", fineMin: "62.50", fineMax: "£1,000", points: "3", endorsementCode: "sp30" })
    expect(read).toEqual({
      body: {
        code: "sp30",
        title: "Speeding",
        category: null,
        fineMin: 62.5,
        fineMax: 1000,
        points: 3,
        endorsementCode: "SP30",
        custodyMaxDays: null,
        warningApplicable: false
      }
    })
  })

  it("names every field it cannot read, at that field, without sending", () => {
    const read = chargeBody({ ...EMPTY_CHARGE, code: "X", title: "Xyz", fineMin: "12.345", fineMax: "", points: "2.5", custodyMaxDays: "a week" })
    expect("failure" in read && read.failure.problems.map((problem) => problem.path.join("."))).toEqual(["fineMin", "fineMax", "points", "custodyMaxDays"])
  })

  it("shows a charge as typed back, and a change sends only what differs", () => {
    const form = formOfCharge(CHARGE)
    expect(form).toMatchObject({ fineMin: "100", fineMax: "1000", points: "3", custodyMaxDays: "", warningApplicable: "true", category: "Traffic" })
    const read = chargeBody({ ...form, fineMax: "1250.75", category: "" })
    expect("body" in read && chargeChange(CHARGE, read.body)).toEqual({ fineMax: 1250.75, category: null })
  })
})
