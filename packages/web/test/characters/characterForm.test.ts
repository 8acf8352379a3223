import { describe, expect, it } from "vitest"
import { changeOf, fieldsOf } from "../../src/characters/characterForm.js"
import type { Character } from "../../src/characters/queries.js"
import { characterJson } from "./fixtures.js"

const character = characterJson({ phone: "0123" }) as unknown as Character

describe("the change a saved edit sends", () => {
  it("is only what changed: a cleared optional field as null, blanks around a value as no change", () => {
    const fields = { ...fieldsOf(character), address: " 1 High Street, Anytown ", phone: "", occupation: "Baker" }
    expect(changeOf(character, fields, false)).toEqual({ phone: null, occupation: "Baker" })
  })

  it("never sends the name, date of birth or gender while the identity is locked", () => {
    const fields = { ...fieldsOf(character), fullName: "Joan Doe", dateOfBirth: "1991-01-01", status: "INACTIVE" }
    expect(changeOf(character, fields, true)).toEqual({ status: "INACTIVE" })
    expect(changeOf(character, fields, false)).toEqual({ fullName: "Joan Doe", dateOfBirth: "1991-01-01", status: "INACTIVE" })
  })

  it("is empty when nothing changed", () => {
    expect(changeOf(character, fieldsOf(character), false)).toEqual({})
  })
})
