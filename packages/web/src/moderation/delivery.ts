import { moderation as words } from "../strings/index.js"

export type Delivery = "SUCCEEDED" | "FAILED" | "UNKNOWN"
export type DeliveryError = "TARGET_NOT_IN_SERVER" | "TARGET_IS_STAFF" | "GAME_UNAVAILABLE" | "GAME_REJECTED"

/** What an action's delivery says, in words: the state, what it means, its tone (a colour, always beside the word). */
export interface DeliveryWords {
  readonly label: string
  readonly explanation: string
  readonly tone: "ok" | "danger" | "warn"
}

/**
 * The delivery told truthfully: `SUCCEEDED` carried out; `FAILED` with its reason; `UNKNOWN` sent with
 * the outcome not confirmed (it is never sent again, so nothing offers to).
 */
export const deliveryWords = (delivery: Delivery, errorCode: DeliveryError | null): DeliveryWords => {
  switch (delivery) {
    case "SUCCEEDED":
      return { label: words.delivery.SUCCEEDED, explanation: words.deliveryExplained.SUCCEEDED, tone: "ok" }
    case "FAILED":
      return { label: words.delivery.FAILED, explanation: errorCode === null ? words.deliveryExplained.FAILED : words.errorCodes[errorCode], tone: "danger" }
    case "UNKNOWN":
      return { label: words.delivery.UNKNOWN, explanation: words.deliveryExplained.UNKNOWN, tone: "warn" }
  }
}
