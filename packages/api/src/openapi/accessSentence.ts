import type { AccessRule, Permission } from "@bluelight/core/identity"

const keys = (permissions: ReadonlyArray<Permission>) => {
  const quoted = permissions.map((key) => `\`${key}\``)
  return quoted.length <= 1 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`
}

/**
 * Who may call an operation, in words, made from its one access declaration
 * so that it cannot say otherwise than `x-bluelight-access`,
 * `x-bluelight-permissions` and `security`.
 */
export const accessSentence = (rule: AccessRule): string => {
  if (rule.access === "public") return "**Access:** public; no session or credential needed."
  const holding = rule.permissions.length === 0 ? "" : ` holding ${keys(rule.permissions)}`
  const alternative = rule.alternative === undefined || rule.alternative.length === 0 ? "" : `, or holding ${keys(rule.alternative)} on its own`
  if (rule.access === "session") {
    const who = rule.permissions.length === 0 ? "any signed-in person" : "a signed-in person"
    return `**Access:** ${who}${holding}${alternative}, by the session cookie. Service credentials are refused (\`USER_REQUIRED\`).`
  }
  const who = rule.permissions.length === 0 ? "any signed-in person (session cookie) or service credential (bearer token)"
    : "a signed-in person (session cookie) or a service credential (bearer token)"
  return `**Access:** ${who}${holding}${alternative}.`
}

/** An operation's own description followed by its access sentence. */
export const withAccessSentence = (description: unknown, rule: AccessRule): string =>
  typeof description === "string" && description !== "" ? `${description}\n\n${accessSentence(rule)}` : accessSentence(rule)
