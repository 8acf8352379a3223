// When the demo must not run: never in production (NODE_ENV=production, how the server decides it,
// packages/server/src/config.ts), and never where it could not sign in as the development
// administrator (another identity provider replaces the development one; another administrator).

/** The reason the demo refuses to run with this environment, or undefined when it may. */
export const refusal = (env) => {
  if (env.NODE_ENV === "production") {
    return "npm run demo refuses to run in production (NODE_ENV=production): it seeds a made-up community and signs in through the development identity provider."
  }
  const idp = Object.keys(env).filter((name) => name.startsWith("IDP_") && env[name] !== "")
  if (idp.length > 0) {
    return `npm run demo signs in through the development identity provider, which ${idp.join(", ")} replace: unset them to run the demo.`
  }
  const admins = env.BLUELIGHT_ADMIN_IDENTITY_IDS
  if (admins !== undefined && !admins.split(",").map((id) => id.trim()).includes("dev-admin")) {
    return "npm run demo seeds as the development administrator: BLUELIGHT_ADMIN_IDENTITY_IDS must include dev-admin (or be unset)."
  }
  return undefined
}
