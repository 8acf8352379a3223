import { expect } from "vitest"
import { expectError } from "../../harness/expectations.js"
import {
  approve,
  callback,
  cookieWrite,
  createRole,
  createStaff,
  issueCredential,
  MEMBER_PERMISSIONS,
  meData,
  type Session,
  SESSION_COOKIE,
  sessionOf,
  setCookie,
  signIn,
  startFlow,
  STATE_COOKIE,
  write
} from "../../harness/identity.js"
import type { Reply, RunningServer } from "../../harness/server.js"
import { asAdmin, expectOk, type Recipe, type Recipes, unique, type World } from "./recipe.js"

let providerRoles = 0
/** A provider role id (digits) no other recipe uses. */
const providerRoleId = () => `7${Date.now()}${++providerRoles}`

/** The development password the recipes' server is started with. */
export const DEVELOPER_PASSWORD = "proof-developer-password-0123456789"

/**
 * A browser's sign-in (or link) up to its callback, made before the fault:
 * starting it stores a sign-in state, which is not the request under proof.
 * Answers the callback, ready to send with the state cookie.
 */
const readyCallback = async (
  server: RunningServer,
  path: "/api/auth/idp" | "/api/auth/platform",
  identity: { id: string; username?: string },
  session?: string
) => {
  const started = await startFlow(server, path, session === undefined ? undefined : `${SESSION_COOKIE}=${session}`)
  const { callbackPath } = await approve(server, started.authorizeUrl, identity)
  return () => callback(server, callbackPath, { [STATE_COOKIE]: started.stateCookie, [SESSION_COOKIE]: session })
}

/** Two callbacks of one sign-in (one for the failed request, one for the request again): a state is single use. */
const twoCallbacks = async (
  server: RunningServer,
  path: "/api/auth/idp" | "/api/auth/platform",
  identity: { id: string; username?: string },
  session?: string
) => {
  const callbacks = [await readyCallback(server, path, identity, session), await readyCallback(server, path, identity, session)]
  return () => callbacks.shift()!()
}

/** What a callback under the fault may change, and what it answers without it. */
const callbackRecipe = {
  mayChange: {
    sign_in_states: "a callback redeems its state before anything else, and keeps it redeemed whatever follows (single use, docs/decisions/identity.md)"
  },
  succeeded: (reply: Reply) => expect(reply.status, reply.text).toBe(302)
}

/** Developer Access asked with this session's cookie: the right password or a wrong one. */
const askDeveloperAccess = (world: World, token: string, password: string) => () =>
  world.server.request("POST", "/api/auth/developer", { headers: cookieWrite(world.server, sessionOf(token)), body: { password } })

/**
 * A wrong password: the refusal is recorded in a transaction of its own, and
 * then the request is refused (`401 AUTHENTICATION_FAILED`). When the refusal
 * cannot be recorded the answer is `500 INTERNAL_ERROR` (the server could not
 * do what docs/decisions/identity.md asks of a refusal; it is not an authentication verdict), and
 * it still grants nothing: the session keeps its permissions.
 */
const refusedDeveloperAccess = (): Recipe => {
  let guesser: Session | undefined
  return {
    setup: async (world) => {
      guesser = await signIn(world.server, { id: unique("guesser") })
      return askDeveloperAccess(world, guesser.token, "not the password")
    },
    after: async (world) => {
      expect(await meData(world.server, guesser!)).toMatchObject({ developerAccess: false, permissions: [...MEMBER_PERMISSIONS] })
    },
    succeeded: (reply) => void expectError(reply, 401, "AUTHENTICATION_FAILED")
  }
}

export const identityRecipes: Recipes = {
  "account.created": {
    setup: async ({ server }) => twoCallbacks(server, "/api/auth/idp", { id: unique("new-person") }),
    ...callbackRecipe
  },
  "auth.signed_in": {
    setup: async ({ server }) => {
      const identity = { id: unique("returning") }
      await signIn(server, identity)
      return twoCallbacks(server, "/api/auth/idp", identity)
    },
    ...callbackRecipe
  },
  "account.platform.linked": {
    setup: async ({ server }) => {
      const member = await signIn(server, { id: unique("linking") })
      return twoCallbacks(
        server,
        "/api/auth/platform",
        { id: String(200_000_000 + Math.floor(Math.random() * 1_000_000)), username: unique("Player") },
        member.token
      )
    },
    ...callbackRecipe
  },
  "auth.signed_out": {
    setup: async (world) => {
      const member = await signIn(world.server, { id: unique("leaving") })
      return () => write(world.server, member, "POST", "/api/auth/logout")
    }
  },
  "auth.developer_access.enabled": {
    setup: async (world) => askDeveloperAccess(world, (await signIn(world.server, { id: unique("developer") })).token, DEVELOPER_PASSWORD)
  },
  "auth.developer_access.disabled": {
    setup: async (world) => {
      const member = await signIn(world.server, { id: unique("developer") })
      const enabled = await askDeveloperAccess(world, member.token, DEVELOPER_PASSWORD)()
      expect(enabled.status, enabled.text).toBe(200)
      const on = sessionOf(setCookie(enabled, SESSION_COOKIE)!.value)
      expect((await meData(world.server, on)).developerAccess).toBe(true)
      return () => world.server.request("DELETE", "/api/auth/developer", { headers: cookieWrite(world.server, on) })
    }
  },
  "auth.developer_access.refused": refusedDeveloperAccess(),
  "account.status.changed": {
    setup: async (world) => {
      const member = await signIn(world.server, { id: unique("suspended") })
      return asAdmin(world, "PATCH", `/api/admin/accounts/${(await meData(world.server, member)).id}`, { status: "SUSPENDED" })
    }
  },
  "role.permissions.changed": {
    setup: async (world) => asAdmin(world, "POST", "/api/admin/roles", { name: unique("Role"), permissions: ["cad.view"] })
  },
  "role.renamed": {
    setup: async (world) => {
      const role = await createRole(world.server, world.admin, unique("Old name"), ["cad.view"])
      return asAdmin(world, "PATCH", `/api/admin/roles/${role.id}`, { name: unique("New name") })
    }
  },
  "staff.created": {
    setup: async (world) => {
      const member = await signIn(world.server, { id: unique("recruit") })
      const role = await createRole(world.server, world.admin, unique("Recruits"), ["cad.view"])
      return asAdmin(world, "POST", "/api/staff", { accountId: (await meData(world.server, member)).id, roleIds: [role.id] })
    }
  },
  "staff.updated": {
    setup: async (world) => {
      const member = await signIn(world.server, { id: unique("promoted") })
      const role = await createRole(world.server, world.admin, unique("Before"), ["cad.view"])
      const staff = await createStaff(world.server, world.admin, (await meData(world.server, member)).id, [role.id])
      const next = await createRole(world.server, world.admin, unique("After"), ["cad.view", "cad.dispatch"])
      return asAdmin(world, "PATCH", `/api/staff/${staff.id}`, { roleIds: [next.id] })
    }
  },
  "role.link.created": {
    setup: async (world) => {
      const role = await createRole(world.server, world.admin, unique("Linked"), ["cad.view"])
      return asAdmin(world, "POST", "/api/admin/role-links", { providerRoleId: providerRoleId(), roleId: role.id })
    }
  },
  "role.link.removed": {
    setup: async (world) => {
      const role = await createRole(world.server, world.admin, unique("Unlinked"), ["cad.view"])
      const link = expectOk<{ id: string }>(
        await write(world.server, world.admin, "POST", "/api/admin/role-links", { providerRoleId: providerRoleId(), roleId: role.id }),
        201,
        "the link"
      )
      return asAdmin(world, "DELETE", `/api/admin/role-links/${link.id}`)
    }
  },
  // The sync on demand against the development identity provider's member read: the person holds the linked provider role there.
  "staff.roles.synced": {
    setup: async (world) => {
      const role = await createRole(world.server, world.admin, unique("Synced"), ["cad.view"])
      const upstream = providerRoleId()
      expectOk(await write(world.server, world.admin, "POST", "/api/admin/role-links", { providerRoleId: upstream, roleId: role.id }), 201, "the link")
      const member = await signIn(world.server, { id: unique("synced"), roles: [upstream] })
      await createStaff(world.server, world.admin, (await meData(world.server, member)).id, [])
      return asAdmin(world, "POST", "/api/admin/role-sync")
    }
  },
  "service.issued": {
    setup: async (world) => asAdmin(world, "POST", "/api/admin/services", { name: unique("Bot"), scopes: ["cad.view"] })
  },
  "service.revoked": {
    setup: async (world) => {
      const issued = await issueCredential(world.server, world.admin, { name: unique("Bot"), scopes: ["cad.view"] })
      return asAdmin(world, "DELETE", `/api/admin/services/${issued.id}`)
    }
  }
}
