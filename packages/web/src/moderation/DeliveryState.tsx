import { StatusBadge } from "../ui/StatusBadge.js"
import { type Delivery, type DeliveryError, deliveryWords } from "./delivery.js"

/** An action's delivery: the state's word on its colour, and what it means (an unknown outcome is never offered for sending again). */
export const DeliveryState = ({ action }: { readonly action: { readonly delivery: Delivery; readonly errorCode: DeliveryError | null } }) => {
  const words = deliveryWords(action.delivery, action.errorCode)
  return (
    <span className="delivery">
      <StatusBadge tone={words.tone}>{words.label}</StatusBadge> <span className="delivery-explained">{words.explanation}</span>
    </span>
  )
}
