import type { Reply } from "./server.js"

/**
 * Typed reads of a reply's JSON body. The body is `unknown` until a test says
 * what it expects: these helpers check the envelope (an object with `data`,
 * with `data` and `meta`, or with `error`), and the type argument of `dataOf`
 * and `listOf` is the test's statement of what is inside, which its
 * assertions then check. The shapes themselves are the contract tests' and
 * the OpenAPI document's to pin.
 */

/** A JSON object whose members are anything until a test narrows them. */
export type JsonObject = { readonly [key: string]: unknown }

type Body = Pick<Reply, "body" | "text">

export const isJsonObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value)

/** A body's text parsed as JSON; `undefined` when it is not JSON (an HTML page, an empty body). */
export const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const fail = (message: string): never => {
  throw new Error(message)
}

/** The body as a JSON object; the test fails when it is not one. */
export const bodyOf = (reply: Body): JsonObject => (isJsonObject(reply.body) ? reply.body : fail(`expected a JSON object body, got: ${reply.text}`))

/** A body without an envelope (the OpenAPI document), as the shape `T` the test expects. */
export const bodyAs = <T extends JsonObject>(reply: Body): T => bodyOf(reply) as T

/** The `data` of a success envelope, as the shape `T` the test expects there. */
export const dataOf = <T = JsonObject>(reply: Body): T => {
  const body = bodyOf(reply)
  return "data" in body ? (body["data"] as T) : fail(`expected a {data} envelope, got: ${reply.text}`)
}

export interface PageMeta {
  readonly limit: number
  readonly offset: number
  readonly hasMore: boolean
}

/** A list envelope: its items, as the shape `T` the test expects, and its meta. */
export const listOf = <T = JsonObject>(reply: Body): { readonly data: Array<T>; readonly meta: PageMeta } => {
  const { data, meta } = bodyOf(reply)
  if (!Array.isArray(data) || !isJsonObject(meta)) return fail(`expected a {data: [...], meta} envelope, got: ${reply.text}`)
  const { limit, offset, hasMore } = meta
  if (typeof limit !== "number" || typeof offset !== "number" || typeof hasMore !== "boolean") return fail(`expected page meta, got: ${reply.text}`)
  return { data: data as Array<T>, meta: { limit, offset, hasMore } }
}

/** One validation problem, as `details` lists them. */
export interface Problem {
  readonly path: Array<string>
  readonly message: string
}

/** The `error` member of an error envelope. */
export interface ApiError {
  readonly code: string
  readonly message: string
  readonly details: Array<Problem> | undefined
}

/** The error of an error envelope; the test fails when the body is not one. */
export const errorOf = (reply: Body): ApiError => {
  const { error } = bodyOf(reply)
  if (!isJsonObject(error)) return fail(`expected an error envelope, got: ${reply.text}`)
  const { code, message, details } = error
  if (typeof code !== "string" || typeof message !== "string" || (details !== undefined && !Array.isArray(details))) {
    return fail(`expected an error envelope, got: ${reply.text}`)
  }
  return { code, message, details: details as Array<Problem> | undefined }
}

/** The error code of a reply, or `undefined` when its body is not an error envelope (for comparing replies in bulk). */
export const errorCodeOf = (reply: Pick<Reply, "body">): unknown =>
  isJsonObject(reply.body) && isJsonObject(reply.body["error"]) ? reply.body["error"]["code"] : undefined

/** The `details` of an error that must have them (`INVALID_INPUT`); the test fails when there are none. */
export const detailsOf = (error: ApiError): Array<Problem> => error.details ?? fail(`expected details on ${error.code}: ${error.message}`)
