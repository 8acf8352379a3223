import { Context, Option } from "effect"
import { HttpApi, type HttpApiGroup, OpenApi } from "effect/http-api"
import { withDefaultsInWords } from "./defaults.js"
import { withRequestExamples } from "./examples.js"
import { SetsCookie, withResponseHeaders } from "./headers.js"
import { type JsonObject, objectAt, operationsOf } from "./json.js"
import { isLenientQuery } from "../schema/query.js"
import { withParameterDescriptions } from "./parameters.js"
import { withQueryRules } from "./queryRule.js"
import { securitySchemes } from "./security.js"
import { StreamSample, withStreamExamples } from "./tryIt.js"

const operationKey = (method: string, path: string) => `${method.toLowerCase()} ${path.replace(/:(\w+)\??/g, "{$1}")}`

/**
 * What the description takes from the API's endpoints besides what the
 * generator reads: the operations it has, and each stream's `StreamSample`,
 * by operation.
 */
const declaredBy = <Id extends string, Groups extends HttpApiGroup.Constraint>(api: HttpApi.HttpApi<Id, Groups>) => {
  const known = new Set<string>()
  const samples = new Map<string, string>()
  const cookies = new Map<string, typeof SetsCookie.Service>()
  const lenient = new Set<string>()
  HttpApi.reflect(api, {
    onGroup: () => {},
    onEndpoint: ({ endpoint }) => {
      const key = operationKey(endpoint.method, endpoint.path)
      known.add(key)
      const sample = Context.getOption(endpoint.annotations, StreamSample)
      if (Option.isSome(sample)) samples.set(key, sample.value)
      const setsCookie = Context.getOption(endpoint.annotations, SetsCookie)
      if (Option.isSome(setsCookie)) cookies.set(key, setsCookie.value)
      if (isLenientQuery(endpoint.query)) lenient.add(key)
    }
  })
  return { known, samples, cookies, lenient }
}

/**
 * Refuses a description with an operation the API given to `describeApi` did
 * not have: a group added after it is a mistake of composition (the API's one
 * `transform` belongs to the finished API), told rather than served.
 */
const onlyOperationsOf = (known: ReadonlySet<string>) => (spec: JsonObject): JsonObject => {
  for (const { key } of operationsOf(spec)) {
    if (!known.has(key)) throw new Error(`${key} is described but not in the API describeApi was given`)
  }
  return spec
}

/**
 * The API's description finished with what Effect's generator cannot write
 * from the endpoints' declarations (each step says why, citing the generator):
 * each parameter's description beside it, each request body's example where
 * a reference and the linter look for it, the event stream's answer as text
 * with its sample, and the headers every answer carries (`headers.ts`). Everything else is the generator's, from the declarations:
 * one component per schema (a test holds it: no numbered component), each
 * integer parameter as its integer, each operation's error responses as its
 * declared errors (`allow` declares every one), and its description, with the
 * notes on trying it from the reference page (`allow`, `tryItNotes.ts`).
 * Apply it to the finished API, after its last group (an API has one such
 * `transform`).
 */
export const describeApi = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>
): HttpApi.HttpApi<Id, Groups> => {
  const { known, samples, cookies, lenient } = declaredBy(api)
  const finish = (spec: JsonObject) =>
    withResponseHeaders(cookies)(
      withQueryRules(lenient)(
        withDefaultsInWords(withStreamExamples(samples)(withRequestExamples(withParameterDescriptions(onlyOperationsOf(known)(spec)))))
      )
    )
  return api.annotate(OpenApi.Transform, finish)
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
