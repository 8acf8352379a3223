import { Context, Option } from "effect"
import { type HttpApi, type HttpApiGroup, OpenApi } from "effect/http-api"
import { errorsDescriptionOf } from "../errors/documented.js"
import { withoutNumberedComponents } from "./components.js"
import { withRequestExamples } from "./examples.js"
import { type JsonObject, objectAt } from "./json.js"
import { withIntegerParameters } from "./parameters.js"
import { securitySchemes } from "./security.js"
import { withStreamExamples, withTryItNotes } from "./tryIt.js"

/**
 * The API's description finished from what its endpoints declare: each
 * operation's error responses from its codes, each request body's (and the
 * event stream's) example where a reference and the linter look for it, and
 * the notes on trying operations from the reference page. Apply it to the
 * finished API, after its last group (an API has one such `transform`).
 */
export const describeApi = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>
): HttpApi.HttpApi<Id, Groups> => {
  const describeErrors = errorsDescriptionOf(api)
  return api.annotate(OpenApi.Transform, (spec) => withTryItNotes(withStreamExamples(withRequestExamples(withIntegerParameters(withoutNumberedComponents(describeErrors(spec)))))))
}

/** What the served description takes from the configuration. */
export interface Served {
  /** `APP_URL`: the operations' paths start with `/api` already. */
  readonly appUrl: string
  /** The session cookie's name (`__Host-bluelight-session` in production). */
  readonly sessionCookie: string
}

/**
 * The description as this server serves it: `servers` names `APP_URL`, and
 * the security schemes name this configuration's cookie. Added around the
 * API's own description step, which it keeps.
 */
export const servedApi = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  served: Served
): HttpApi.HttpApi<Id, Groups> => {
  const described = Option.getOrElse(Context.getOption(api.annotations, OpenApi.Transform), () => (spec: JsonObject) => spec)
  const withSchemes = (spec: JsonObject): JsonObject => {
    const finished = described(spec)
    objectAt(finished, "components")["securitySchemes"] = securitySchemes(served.sessionCookie)
    return finished
  }
  return api.annotateMerge(OpenApi.annotations({
    servers: [{ url: served.appUrl, description: "This server (APP_URL)" }],
    transform: withSchemes
  }))
}
