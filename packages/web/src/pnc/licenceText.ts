import { PNC_EVENT_DATA } from "@bluelight/core/civilians"
import { Option, Schema } from "effect"
import { pnc as words } from "../strings/index.js"
import type { OfficialPerson } from "./types.js"

type Licence = NonNullable<OfficialPerson["licence"]>

/** The points and threshold of a totting-up suspension, as its history entry recorded them. */
export interface TottingUp {
  readonly points: number
  readonly threshold: number
}

const decodeSuspension = Schema.decodeUnknownOption(PNC_EVENT_DATA.LICENCE_SUSPENDED)

/** The newest automatic suspension among history entries (newest first): what the rule counted when it suspended. */
export const tottingUpOf = (entries: ReadonlyArray<{ readonly type: string; readonly data: unknown }>): TottingUp | null => {
  for (const entry of entries) {
    if (entry.type !== "LICENCE_SUSPENDED") continue
    const data = Option.getOrNull(decodeSuspension(entry.data))
    if (data === null) continue
    if (data.reason === "TOTTING_UP" && data.points !== undefined && data.threshold !== undefined) return { points: data.points, threshold: data.threshold }
  }
  return null
}

/** Whether the licence is suspended by totting-up (its points), not by an officer's hand. */
export const isTottingUp = (licence: Licence): boolean => licence.status === "SUSPENDED" && licence.suspensionReason === "TOTTING_UP"

/**
 * Why a suspended licence is suspended, in words: totting-up explained with the points and the
 * threshold it reached (when its history entry is at hand, else the points now), or the officer's reason.
 */
export const suspensionText = (licence: Licence, tottingUp: TottingUp | null): string | null => {
  if (licence.status !== "SUSPENDED") return null
  if (isTottingUp(licence)) return tottingUp === null ? words.tottingUpUnknown(licence.points) : words.tottingUp(tottingUp.points, tottingUp.threshold)
  return licence.suspensionReason
}
