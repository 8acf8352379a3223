/** The Moderation room's test fixtures: players and actions as the API answers them. */
import { ok } from "../fakeServer.js"

/** A handler that throws as a cut connection does: the request was made, no answer came. */
export class Cut extends Error {}

export const AT = "2026-12-02T05:00:00.000Z"
export const ACCOUNT = "01a2352a-d94e-7539-a6d0-e6e376d98952"
export const ACTION = "01a2352a-d94e-7539-a6d0-e6e376d98f01"

export const player = (over: Record<string, unknown> = {}) => ({
  platformId: "100000002",
  username: "JohnSmith",
  permission: "Normal",
  inGameStaff: false,
  callsign: null,
  team: "Civilian",
  account: null,
  ...over
})

export const action = (over: Record<string, unknown> = {}) => ({
  id: ACTION,
  targetPlatformId: "100000002",
  targetUsername: "JohnSmith",
  moderatorId: ACCOUNT,
  serviceId: null,
  type: "kick",
  reason: "Random deathmatch",
  evidence: null,
  createdAt: AT,
  updatedAt: AT,
  delivery: "SUCCEEDED",
  errorCode: null,
  ...over
})

export const livePage = (data: ReadonlyArray<unknown>) => ok(data, 200, { limit: 100, offset: 0, hasMore: false, total: data.length, observedAt: AT })
