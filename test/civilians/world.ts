/**
 * The people the civilian and PNC tests act as, on one server: an
 * administrator (every permission, civilians.manage included), members, an
 * officer holding the PNC permissions, and credentials.
 */
import { expect } from "vitest"
import { dataOf, type JsonObject } from "../harness/body.js"
import { bearer, cookieRead, issueCredential, type Session, signIn, staffMember, write } from "../harness/identity.js"
import { type Reply, type RunningServer, startServer } from "../harness/server.js"

export interface World {
  readonly server: RunningServer
  readonly admin: Session
  readonly alice: Session
  readonly bob: Session
  readonly officer: Session
  /** A credential holding every permission a credential may hold. */
  readonly credential: string
}

export const OFFICER_PERMISSIONS = ["pnc.view", "pnc.licences.manage", "pnc.vehicles.manage"]

export const startWorld = async (name: string): Promise<World> => {
  const server = await startServer({
    env: { BLUELIGHT_ADMIN_IDENTITY_IDS: `${name}-admin`, RATE_LIMIT_READS_PER_MINUTE: "5000", RATE_LIMIT_WRITES_PER_MINUTE: "5000" }
  })
  const admin = await signIn(server, { id: `${name}-admin`, displayName: "Admin" })
  const alice = await signIn(server, { id: `${name}-alice`, displayName: "Alice" })
  const bob = await signIn(server, { id: `${name}-bob`, displayName: "Bob" })
  const officer = (await staffMember(server, admin, { id: `${name}-officer`, displayName: "PC Officer" }, OFFICER_PERMISSIONS)).session
  const credential = (await issueCredential(server, admin, {
    name: "Bot",
    scopes: ["civilians.create", "civilians.manage_own", "civilians.manage", "pnc.view", "pnc.licences.manage", "pnc.vehicles.manage"]
  })).token
  return { server, admin, alice, bob, officer, credential }
}

export const get = (world: World, who: Session | string, path: string): Promise<Reply> =>
  world.server.request("GET", path, { headers: typeof who === "string" ? bearer(who) : cookieRead(who) })

export const send = (world: World, who: Session | string, method: string, path: string, body?: unknown): Promise<Reply> =>
  typeof who === "string"
    ? world.server.request(method, path, { headers: bearer(who), ...(body === undefined ? {} : { body }) })
    : write(world.server, who, method, path, body)

export const ok = <T = JsonObject>(reply: Reply, status = 200): T => {
  expect(reply.status, reply.text).toBe(status)
  return dataOf<T>(reply)
}

export interface CivilianData {
  readonly id: string
  readonly reference: string
  readonly ownerId: string
  readonly fullName: string
  readonly identityLocked: boolean
  readonly status: string
  readonly licence: LicenceData | null
  readonly vehicles: Array<JsonObject & { readonly id: string; readonly plate: string }>
  readonly notes: string | null
}

export interface LicenceData {
  readonly id: string
  readonly number: string
  readonly categories: Array<string>
  readonly status: string
  readonly points: number
  readonly suspendedUntil: string | null
  readonly issuedAt: string
  readonly expiresAt: string
  readonly endorsements: Array<JsonObject & { readonly id: string; readonly active: boolean }>
}

let counter = 0
/** A fresh name, so that tests sharing a server can search for what is theirs. */
export const uniqueWord = (prefix: string) => `${prefix}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 7).replace(/\d/g, "q")}`

export const character = (overrides: JsonObject = {}): JsonObject => ({
  fullName: "Jane Doe",
  dateOfBirth: "1990-05-14",
  gender: "FEMALE",
  address: "1 High Street",
  ...overrides
})

export const createCharacter = async (world: World, who: Session, overrides: JsonObject = {}): Promise<CivilianData> =>
  ok<CivilianData>(await send(world, who, "POST", "/api/civilians", character(overrides)), 201)

export const issueLicenceFor = async (world: World, who: Session, civilianId: string, categories: ReadonlyArray<string> = ["B"]): Promise<LicenceData> =>
  ok<LicenceData>(await send(world, who, "POST", `/api/civilians/${civilianId}/licence`, { categories }), 201)

let plates = 0
/** A plate nobody else in the run has. */
export const uniquePlate = () => `T${(++plates).toString().padStart(3, "0")}${Math.random().toString(36).slice(2, 5).toUpperCase()}`

export const registerVehicleFor = async (world: World, who: Session, civilianId: string, overrides: JsonObject = {}) =>
  ok<JsonObject & { readonly id: string; readonly plate: string }>(
    await send(world, who, "POST", `/api/civilians/${civilianId}/vehicles`, {
      plate: uniquePlate(),
      make: "Ford",
      model: "Focus",
      colour: "Blue",
      type: "CAR",
      ...overrides
    }),
    201
  )
