import { Context, Option } from "effect"
import { type HttpApi, type HttpApiGroup, OpenApi } from "effect/http-api"
import { isObject, type JsonObject, objectAt, operationsOf } from "./json.js"
import { SESSION_SCHEME } from "./security.js"

/** The methods whose cookie-authenticated requests must come from `APP_URL`'s origin (every one but the reads). */
const WRITES: ReadonlySet<string> = new Set(["post", "put", "patch", "delete"])

/** The name of the parameter in `components.parameters`. */
export const ORIGIN_PARAMETER = "Origin"

/** The `Origin` header as a parameter of a write the session cookie may make, its example `APP_URL`'s origin. */
export const originParameter = (appOrigin: string): JsonObject => ({
  name: "Origin",
  in: "header",
  required: false,
  description: `With the session cookie, a write must carry \`Origin: ${appOrigin}\` (a browser sends it by itself; a copied ` +
    "request must carry it), or it is `403 INVALID_ORIGIN`. A service credential's request needs none.",
  // Scalar's samples and its Test Request both take the schema's first example.
  schema: { type: "string", examples: [appOrigin] }
})

/**
 * Declares the `Origin` header on every write the session cookie may make, so
 * that the reference's copied samples carry it: Scalar writes each declared
 * header parameter into its samples with the parameter's example, and a
 * cookie write without it is refused (`INVALID_ORIGIN`). Optional, because a
 * service credential's request needs none; the one component is referenced
 * from each of those operations.
 */
export const withOriginParameter = (appOrigin: string) => (spec: JsonObject): JsonObject => {
  let used = false
  for (const { key, operation } of operationsOf(spec)) {
    const security = operation["security"]
    const byCookie = Array.isArray(security) && security.some((requirement) => isObject(requirement) && SESSION_SCHEME in requirement)
    if (!byCookie || !WRITES.has(key.split(" ")[0] ?? "")) continue
    const parameters = Array.isArray(operation["parameters"]) ? operation["parameters"] : []
    operation["parameters"] = [...parameters, { $ref: `#/components/parameters/${ORIGIN_PARAMETER}` }]
    used = true
  }
  if (used) {
    const components = objectAt(spec, "components")
    components["parameters"] = { ...(isObject(components["parameters"]) ? components["parameters"] : {}), [ORIGIN_PARAMETER]: originParameter(appOrigin) }
  }
  return spec
}

/**
 * The description as served with the `Origin` header declared: added around
 * the API's description steps (`servedApi`'s included), which it keeps.
 */
export const withOriginHeader = <Id extends string, Groups extends HttpApiGroup.Constraint>(
  api: HttpApi.HttpApi<Id, Groups>,
  appUrl: string
): HttpApi.HttpApi<Id, Groups> => {
  const described = Option.getOrElse(Context.getOption(api.annotations, OpenApi.Transform), () => (spec: JsonObject) => spec)
  const declare = withOriginParameter(new URL(appUrl).origin)
  return api.annotate(OpenApi.Transform, (spec: JsonObject) => declare(described(spec)))
}
