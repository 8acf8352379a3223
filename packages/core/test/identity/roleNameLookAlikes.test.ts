/** Role names (and callsigns, which share the fold) that look alike are one name: Latin's own look-alikes included (issue 30). */
import { callsignKey } from "@bluelight/core/cad"
import { isReservedRoleName, roleNameKey } from "@bluelight/core/identity"
import { foldedKey } from "@bluelight/core/kernel"
import { describe, expect, it } from "vitest"

describe("Latin's own look-alikes", () => {
  it("ɑ, Ɑ and the APL ⍺ are a; ɡ and Ɡ are g; ɩ and Ɩ are i; ȷ is j; ǀ is l", () => {
    expect(roleNameKey("Disp\u0251tcher")).toBe(roleNameKey("Dispatcher"))
    expect(roleNameKey("DISP\u2c6dTCHER")).toBe(roleNameKey("dispatcher"))
    expect(roleNameKey("Disp\u237atcher")).toBe(roleNameKey("Dispatcher"))
    expect(roleNameKey("\u0261old \u0261roup")).toBe("gold group")
    expect(roleNameKey("\ua7acOLD")).toBe("gold")
    expect(roleNameKey("L\u0269ma")).toBe("lima")
    expect(roleNameKey("\u0196ndia")).toBe("india")
    expect(roleNameKey("\u0237uliet")).toBe("juliet")
    expect(roleNameKey("\u01c0ima")).toBe("lima")
    // Mixed with the other scripts' look-alikes and the case fold.
    expect(roleNameKey("D\u0456sp\u0251tch\u0435r")).toBe("dispatcher")
  })

  it("the reserved name and callsigns fold the same way", () => {
    expect(isReservedRoleName("\u2c6ddministr\u0251tor")).toBe(true)
    expect(callsignKey("\u0251rv 1")).toBe(callsignKey("ARV 1"))
  })

  it("each one alone folds to its letter; plain Latin names keep their keys; digits and letters merely alike stay apart", () => {
    const added: ReadonlyArray<readonly [string, string]> = [
      ["\u0251", "a"],
      ["\u2c6d", "a"],
      ["\u237a", "a"],
      ["\u0261", "g"],
      ["\ua7ac", "g"],
      ["\u0269", "i"],
      ["\u0196", "i"],
      ["\u0237", "j"],
      ["\u01c0", "l"]
    ]
    for (const [letter, latin] of added) expect(foldedKey(letter), letter).toBe(latin)
    expect(foldedKey("Gold Command")).toBe("gold command")
    expect(foldedKey("0")).not.toBe(foldedKey("O"))
    expect(foldedKey("\u025b")).not.toBe(foldedKey("e")) // ɛ, the open e
  })
})
