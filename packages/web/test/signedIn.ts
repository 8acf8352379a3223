import type { Me } from "../src/app/session.js"

/** The person a room is shown to in a component test: their name and permissions, the rest as `GET /api/me` has it. */
export const signedIn = (displayName: string, permissions: ReadonlyArray<string>, id: string, createdAt: string): Me =>
  ({
    id,
    displayName,
    status: "ACTIVE",
    identity: null,
    platform: null,
    staff: null,
    roles: [],
    permissions,
    developerAccess: false,
    createdAt
  }) as unknown as Me
