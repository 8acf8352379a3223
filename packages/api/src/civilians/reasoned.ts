import type { Schema } from "effect"
import { change, type HandlerErrors } from "../endpointParts.js"
import { Body } from "../schema/body.js"
import { OfficialReason } from "@bluelight/core/civilians"

/** What the reference calls a reason-only body, and the reason its example gives. */
export interface ReasonBody {
  readonly name: string
  readonly example: string
}

/**
 * The options of an official change to one thing of the PNC that takes
 * nothing but a `reason` (3 to 500 characters): revoking or reinstating a
 * licence, removing an endorsement, closing or voiding a record, clearing a
 * marker. The thing as it stands after, and the errors its handler declares.
 */
export const reasonedChange = <Params extends Schema.Top, Data extends Schema.Top, const E extends HandlerErrors>(
  params: Params,
  body: ReasonBody,
  data: Data,
  ...errors: E
) => change(params, Body({ reason: OfficialReason }, { name: body.name, example: { reason: body.example } }), data, ...errors)
