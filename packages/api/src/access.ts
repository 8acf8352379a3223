import type { AccessRule } from "@bluelight/core/identity"
import { Context, type Option, type Schema } from "effect"
import { type HttpApiEndpoint, OpenApi } from "effect/http-api"
import { Authenticated, SignedIn } from "./auth/AccessControlMiddleware.js"
import { type Annotated, annotated, type Step } from "./endpointMarks.js"
import { mergedErrors } from "./errors/merged.js"
import { accessRefusalsOf, requestRefusalsOf } from "./errors/refusals.js"
import { tryItDescription } from "./openapi/tryItNotes.js"
import { securityOf } from "./openapi/security.js"

// The steps' types live in `endpointMarks.ts`, which `bodyLimit.ts` and `openapi/security.ts` use without
// importing this file (which imports the latter); the contract still names the refusals' types from here.
export type { AccessRefusals, RequestRefusals } from "./endpointMarks.js"

/**
 * The errors an endpoint's handler declared, kept when `allow` adds the
 * refusals to them, so that a later mark (`notRateLimited`, `readsOwnBody`)
 * can make the set again from them.
 */
const OwnErrors = Context.Reference<ReadonlyArray<Schema.Top> | undefined>("@bluelight/api/OwnErrors", { defaultValue: () => undefined })

/**
 * The endpoint declaring every error it can answer: its handler's own,
 * merged per status with the refusals its access rule, its marks, its method
 * and its input imply (`errors/refusals.ts`). Made again from the handler's
 * own errors each time, so that a mark added later counts.
 */
const withRefusals: Step<"kept"> = (endpoint) => {
  const own = Context.get(endpoint.annotations, OwnErrors) ?? [...endpoint.error]
  const facts = {
    method: endpoint.method,
    rule: accessRuleOf(endpoint),
    rateLimited: isRateLimited(endpoint),
    ownBody: isReadingOwnBody(endpoint),
    decodes: [endpoint.params, endpoint.query, endpoint.headers].some((schema) => schema !== undefined) || endpoint.payload.size > 0
  }
  const error = mergedErrors(own, [...accessRefusalsOf(facts), ...requestRefusalsOf(facts)])
  // `annotate` made a new endpoint: its error set is its own to replace.
  return Object.assign(endpoint.annotate(OwnErrors, own), { error })
}

/** Whether `allow` has declared the endpoint's refusals already (a mark after it makes them again). */
const hasRefusals = (endpoint: Annotated): boolean => Context.get(endpoint.annotations, OwnErrors) !== undefined

/** Where an endpoint keeps its access rule, for the runtime check to read. */
export class AccessRuleOf extends Context.Service<AccessRuleOf, AccessRule>()("@bluelight/api/AccessRuleOf") {}

/** What an operation says of itself in the reference: its OpenAPI summary and description. */
interface Described {
  readonly summary: string
  readonly description: string
}

/** `allow`, after setting the endpoint's summary and description when they are given. */
const allowDescribed = <const Rule extends AccessRule>(rule: Rule, described: Described | undefined): Step<"allowed", Rule> => (endpoint) => {
  const extensions: Record<string, unknown> = {
    "x-bluelight-access": rule.access,
    "x-bluelight-permissions": [...rule.permissions]
  }
  if (rule.alternative !== undefined && rule.alternative.length > 0) {
    extensions["x-bluelight-permissions-alternative"] = [...rule.alternative]
  }
  const describe = (spec: Record<string, unknown>): Record<string, unknown> => ({
    ...spec,
    ...extensions,
    security: securityOf(rule),
    description: tryItDescription(endpoint.method, spec["description"], rule)
  })
  const documented = described === undefined
    ? endpoint
    : endpoint.annotate(OpenApi.Summary, described.summary).annotate(OpenApi.Description, described.description)
  const ruled = documented.annotate(AccessRuleOf, rule).annotate(OpenApi.Transform, describe)
  // The middleware chosen at run time by the rule is the one `AccessMiddleware<Rule>` names; the type cannot follow the choice.
  return withRefusals(guardedBy(ruled, rule)) as never
}

/** The endpoint with the access middleware its rule needs (`AccessMiddleware`): none for a public one. */
const guardedBy = (endpoint: HttpApiEndpoint.Top, rule: AccessRule): HttpApiEndpoint.Top =>
  rule.access === "public" ? endpoint : rule.access === "session" ? endpoint.middleware(SignedIn) : endpoint.middleware(Authenticated)

/**
 * The single declaration of who may call an operation. The rule is kept on the
 * endpoint for the runtime check, and the operation's description is made
 * from it: `x-bluelight-access` and `x-bluelight-permissions` (and
 * `x-bluelight-permissions-alternative` when a key grants access on its own),
 * the `security` schemes it accepts, and the access sentence after the
 * operation's own description, with the notes on trying it from the reference
 * (`openapi/tryItNotes.ts`). All in the endpoint's one OpenAPI `transform`,
 * which runs after its summary and description are set; `override` is left
 * to the endpoint.
 *
 * It also completes the endpoint's errors: the handler's own (`failsWith`)
 * merged with what the access middleware and the request path can refuse it with, so
 * that the contract declares (and a client derived from it reads back, and the
 * description lists) every error the operation can answer. The endpoint's type
 * carries them too. Put `notRateLimited` and `readsOwnBody` after it.
 */
export const allow = <const Rule extends AccessRule>(rule: Rule) => allowDescribed(rule, undefined)

/**
 * An operation's summary and description, then who may call it (`allow`),
 * stated once: `operation(rule)` answers, for a summary and a description,
 * the mark that sets both on an endpoint and declares its access, so that a
 * group states its rule once and each endpoint its words in one line.
 */
export const operation = <const Rule extends AccessRule>(rule: Rule) => (summary: string, description: string) => allowDescribed(rule, { summary, description })

/** The declared rule of an endpoint, if it has one. */
export const accessRuleOf = (endpoint: Annotated): Option.Option<AccessRule> => Context.getOption(endpoint.annotations, AccessRuleOf)

/**
 * A mark that takes refusals out: sets `annotation` on an endpoint (`annotated`)
 * and answers the same endpoint, its error type without the refusals the mark
 * takes out (`ErrorsAfter`), which the errors made again by `withRefusals` no
 * longer declare.
 */
const mark = <How extends "ownBody" | "notRateLimited">(annotation: Context.Reference<boolean>): Step<How> => {
  const annotate = annotated(annotation, true)
  return (endpoint) => {
    const marked = annotate(endpoint)
    // The error set is a run-time value the type cannot follow: `withRefusals` made it without them.
    return (hasRefusals(marked) ? withRefusals(marked) : marked) as never
  }
}

/**
 * Marks an endpoint that reads its own request body, so that the shared body
 * rules leave its content alone (Developer Access answers every malformed body
 * with `401 AUTHENTICATION_FAILED`, not `400`). The size limit still applies.
 */
export const ReadsOwnBody = Context.Reference<boolean>("@bluelight/api/ReadsOwnBody", { defaultValue: () => false })

export const readsOwnBody = mark<"ownBody">(ReadsOwnBody)

export const isReadingOwnBody = (endpoint: Annotated): boolean => Context.get(endpoint.annotations, ReadsOwnBody)

/**
 * Marks an endpoint the rate limits never refuse, nor count: signing out must
 * work however much of its budget a session has spent. Only for operations
 * that cost little and cannot be repeated to any effect.
 */
export const NotRateLimited = Context.Reference<boolean>("@bluelight/api/NotRateLimited", { defaultValue: () => false })

export const notRateLimited = mark<"notRateLimited">(NotRateLimited)

export const isRateLimited = (endpoint: Annotated): boolean => !Context.get(endpoint.annotations, NotRateLimited)
