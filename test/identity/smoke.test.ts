import { expect, it } from "vitest"
import { startServer } from "../harness/server.js"
import { meData, signIn, setCookies, startSignIn } from "../harness/identity.js"

it("smoke", async () => {
  const t0 = Date.now()
  const server = await startServer({ env: { BLUELIGHT_ADMIN_IDENTITY_IDS: "boss" } })
  console.log("start ms", Date.now() - t0)
  try {
    const s = await startSignIn(server)
    console.log(s.authorizeUrl.toString(), s.reply.headers.getSetCookie())
    const t1 = Date.now()
    const session = await signIn(server, { id: "u1", username: "user1", displayName: "User One" })
    console.log("signin ms", Date.now() - t1, session)
    console.log(await meData(server, session))
    const t2 = Date.now()
    for (let i = 0; i < 50; i++) await server.request("GET", "/api/me", { headers: { cookie: session.cookie } })
    console.log("50 reads ms", Date.now() - t2)
    const r = await server.request("GET", "/api/me", { headers: { cookie: session.cookie } })
    console.log([...r.headers.entries()])
    expect(setCookies(s.reply).length).toBe(1)
  } finally {
    await server.stop()
  }
})
