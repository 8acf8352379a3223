import type { Me } from "../../src/app/session.js"
import { signedIn } from "../signedIn.js"

/** Wire-shaped records for the Staff and Sessions rooms' tests, as the API answers them (JSON). */
export const AT = "2026-03-14T18:00:00.000Z"
export const ACCOUNT = "01a2352a-d94e-7539-a6d0-e6e376d98952"
export const OTHER_ACCOUNT = "01a2352a-d94e-7539-a6d0-e6e376d98953"
export const STAFF = "01a2352a-d94e-7539-a6d0-e6e376d98d01"
export const OTHER_STAFF = "01a2352a-d94e-7539-a6d0-e6e376d98d02"
export const ROLE = "01a2352a-d94e-7539-a6d0-e6e376d98e01"
export const OTHER_ROLE = "01a2352a-d94e-7539-a6d0-e6e376d98e02"
export const SHIFT = "01a2352a-d94e-7539-a6d0-e6e376d98f01"

/** Someone signed in with `permissions`, active staff unless `staff` says otherwise. */
export const staffPerson = (
  permissions: ReadonlyArray<string>,
  staff: { readonly id: string; readonly active: boolean } | null = { id: STAFF, active: true }
): Me => ({ ...signedIn("Sam Staff", permissions, ACCOUNT, AT), staff }) as Me

export const memberJson = (over: Record<string, unknown> = {}) => ({
  id: OTHER_STAFF,
  account: { id: OTHER_ACCOUNT, displayName: "Petra Patrol" },
  active: true,
  roles: [
    { id: ROLE, name: "Moderator", source: "MANUAL" },
    { id: OTHER_ROLE, name: "Patrol lead", source: "PROVIDER" }
  ],
  createdAt: AT,
  updatedAt: AT,
  ...over
})

export const shiftJson = (over: Record<string, unknown> = {}) => ({
  id: SHIFT,
  staffId: STAFF,
  type: "PATROL",
  source: "MANUAL",
  startedAt: AT,
  endedAt: null,
  status: "ACTIVE",
  durationSeconds: 0,
  ...over
})

export const sessionJson = (over: Record<string, unknown> = {}) => ({
  id: "01a2352a-d94e-7539-a6d0-e6e376d99a01",
  title: "Friday patrol night",
  description: null,
  status: "SCHEDULED",
  scheduledFor: AT,
  hostId: STAFF,
  startedAt: null,
  endedAt: null,
  cancelledAt: null,
  createdAt: AT,
  updatedAt: AT,
  ...over
})
