import { NotFound } from "@bluelight/core/kernel"
import type { Schema } from "effect"
import { HttpApiSchema } from "effect/http-api"
import { type Declarable, failsWith } from "./errors/declared.js"
import { List, Single } from "./schema/envelope.js"
import { paging, StrictQuery } from "./schema/query.js"

/** The errors a handler declares, at least one (`failsWith`). */
export type HandlerErrors = readonly [Declarable, ...Array<Declarable>]

/**
 * The options of an endpoint answering one thing named by its path
 * (`params`): the thing as `{data}`, or `NOT_FOUND`.
 */
export const one = <Params extends Schema.Top, Data extends Schema.Top>(params: Params, data: Data) => ({
  params,
  success: Single(data),
  error: failsWith(NotFound)
})

/**
 * The options of an endpoint changing one thing by its path (`params`): its
 * body, the thing as it stands after as `{data}`, and the errors its handler
 * declares.
 */
export const change = <Params extends Schema.Top, Payload extends Schema.Top, Data extends Schema.Top, const E extends HandlerErrors>(
  params: Params,
  payload: Payload,
  data: Data,
  ...errors: E
) => ({ params, payload, success: Single(data), error: failsWith(...errors) })

/**
 * The options of an endpoint creating a thing from its body: the thing made,
 * as `{data}` under `201`, and the errors its handler declares.
 */
export const created = <Payload extends Schema.Top, Data extends Schema.Top, const E extends HandlerErrors>(payload: Payload, data: Data, ...errors: E) => ({
  payload,
  success: Single(data).pipe(HttpApiSchema.status(201)),
  error: failsWith(...errors)
})

/**
 * The options of an endpoint listing things a page at a time: a query of the
 * paging parameters and `fields` (any other refused), the page as
 * `{data, meta}`.
 */
export const page = <Fields extends Schema.Struct.Fields, Item extends Schema.Top>(fields: Fields, item: Item) => ({
  query: StrictQuery({ ...paging, ...fields }),
  success: List(item)
})
