/**
 * The people the civilian and PNC tests act as, on one server: an
 * administrator (every permission, civilians.manage included), members, an
 * officer holding the PNC permissions, and credentials.
 */
import { CivilianId, type HolderLicence, type KeptVehicleView, type OfficialLicence, type OwnerCivilianView } from "@bluelight/core/civilians"
import { expect } from "vitest"
import { dataOf, type JsonObject } from "../harness/body.js"
import { type ApiClient, type TypedCaller, typedCaller } from "../harness/client.js"
import { bearer, cookieRead, cookieWrite, issueCredential, type Session, signIn, staffMember, write } from "../harness/identity.js"
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

/** The contract's answers as sent on the wire (JSON: ids and timestamps as strings). */
export type CivilianData = typeof OwnerCivilianView.Encoded
/** The holder's licence (the portal's answers). */
export type LicenceData = typeof HolderLicence.Encoded
/** The official licence (the PNC's answers). */
export type OfficialLicenceData = typeof OfficialLicence.Encoded
export type VehicleData = typeof KeptVehicleView.Encoded

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

/** The typed client as `who`: a member's session (its cookie and the Origin a write needs) or a credential's token. */
export const as = (world: World, who: Session | string): TypedCaller =>
  typedCaller(world.server.url, typeof who === "string" ? { credential: who } : { headers: cookieWrite(world.server, who) })

/** What a member writes of a character, and of a vehicle (as the contract types them, before encoding). */
export type CivilianInput = Parameters<ApiClient["civilians"]["createCivilian"]>[0]["payload"]
export type VehicleInput = Parameters<ApiClient["civilians"]["registerVehicle"]>[0]["payload"]
type LicenceCategories = Parameters<ApiClient["civilians"]["issueLicence"]>[0]["payload"]["categories"]

/** A character `who` made through the typed client: the owner's view, decoded. */
export const createCharacter = async (world: World, who: Session, overrides: Partial<CivilianInput> = {}) =>
  (await as(world, who).run((api) =>
    api.civilians.createCivilian({
      payload: { fullName: "Jane Doe", dateOfBirth: "1990-05-14", gender: "FEMALE", address: "1 High Street", ...overrides }
    })
  )).data

/** A licence `who` applied for through the typed client: the holder's view, decoded. */
export const issueLicenceFor = async (world: World, who: Session, civilianId: string, categories: LicenceCategories = ["B"]) =>
  (await as(world, who).run((api) => api.civilians.issueLicence({ params: { id: CivilianId.make(civilianId) }, payload: { categories } }))).data

let plates = 0
/** A plate nobody else in the run has. */
export const uniquePlate = () => `T${(++plates).toString().padStart(3, "0")}${Math.random().toString(36).slice(2, 5).toUpperCase()}`

/** A vehicle `who` registered through the typed client: as its keeper sees it, decoded. */
export const registerVehicleFor = async (world: World, who: Session, civilianId: string, overrides: Partial<VehicleInput> = {}) =>
  (await as(world, who).run((api) =>
    api.civilians.registerVehicle({
      params: { id: CivilianId.make(civilianId) },
      payload: { plate: uniquePlate(), make: "Ford", model: "Focus", colour: "Blue", type: "CAR", ...overrides }
    })
  )).data
