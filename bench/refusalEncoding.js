// What encoding one refusal through an endpoint's declared errors costs: an Unauthenticated through
// GET /api/me's error schema (the union HttpApi encodes a failure with), CPU µs each, in three rounds.
// Give a built checkout's root to measure another build beside this one:
//
//   npm run build && node bench/refusalEncoding.js [root]
const root = process.argv[2] ?? new URL("..", import.meta.url).pathname.replace(/\/$/, "")
const { BluelightApi } = await import(`${root}/packages/api/dist/Api.js`)
const { Unauthenticated } = await import(`${root}/packages/core/dist/identity/index.js`)
const { Effect, Schema } = await import(`${root}/node_modules/effect/dist/index.js`)
const endpoint = BluelightApi.groups.auth.endpoints.me
const schema = Schema.Union([...endpoint.error])
const encode = Schema.encodeUnknownEffect(schema)
const error = new Unauthenticated({ message: "Sign in, or send a service credential" })
const N = 20000
for (let r = 0; r < 3; r++) {
  const t0 = process.cpuUsage()
  for (let i = 0; i < N; i++) Effect.runSync(encode(error))
  const t = process.cpuUsage(t0)
  console.log(root, "encode µs", ((t.user + t.system) / N).toFixed(2))
}
