import { staffMember, write } from "../../harness/identity.js"
import { expectOk, type Recipes, unique, type World } from "./recipe.js"

/** A signed-in, active staff member holding these permissions. */
const staff = (world: World, permissions: ReadonlyArray<string>) => staffMember(world.server, world.admin, { id: unique("staff") }, permissions)

const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) + "T19:00:00Z"

/** A host and a role-play session of theirs, moved on by `moves` first. */
const hostedSession = async (world: World, moves: ReadonlyArray<"start">) => {
  const host = await staff(world, ["sessions.view", "sessions.manage"])
  const session = expectOk<{ id: string }>(
    await write(world.server, host.session, "POST", "/api/sessions", { title: unique("Night"), scheduledFor: nextWeek() }),
    201,
    "schedule"
  )
  for (const move of moves) expectOk(await write(world.server, host.session, "POST", `/api/sessions/${session.id}/${move}`), 200, move)
  return { host, session }
}

const moved = (move: "start" | "end" | "cancel", before: ReadonlyArray<"start">) => ({
  setup: async (world: World) => {
    const { host, session } = await hostedSession(world, before)
    return () => write(world.server, host.session, "POST", `/api/sessions/${session.id}/${move}`)
  }
})

export const shiftRecipes: Recipes = {
  "shift.started": {
    setup: async (world) => {
      const member = await staff(world, ["cad.unit.self"])
      return () => write(world.server, member.session, "POST", "/api/shifts/start", { type: "PATROL" })
    }
  },
  "shift.ended": {
    setup: async (world) => {
      const member = await staff(world, ["cad.unit.self"])
      const shift = expectOk<{ id: string }>(await write(world.server, member.session, "POST", "/api/shifts/start", { type: "PATROL" }), 201, "start shift")
      return () => write(world.server, member.session, "POST", "/api/shifts/end", { id: shift.id })
    }
  },
  "roleplay_session.created": {
    setup: async (world) => {
      const host = await staff(world, ["sessions.view", "sessions.manage"])
      return () => write(world.server, host.session, "POST", "/api/sessions", { title: unique("Night"), scheduledFor: nextWeek() })
    }
  },
  "roleplay_session.started": moved("start", []),
  "roleplay_session.ended": moved("end", ["start"]),
  "roleplay_session.cancelled": moved("cancel", [])
}
