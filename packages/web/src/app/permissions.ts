/** The rooms of the app, each shown to those holding any one of its permissions (WEB.md, "Who uses it"). */
export interface Room {
  readonly path: string
  readonly label: string
  readonly anyOf: ReadonlyArray<string>
}

export const ROOMS: ReadonlyArray<Room> = [
  { path: "/control", label: "Control", anyOf: ["cad.view"] },
  { path: "/mdt", label: "MDT", anyOf: ["cad.unit.self"] },
  { path: "/pnc", label: "PNC", anyOf: ["pnc.view"] },
  { path: "/characters", label: "My characters", anyOf: ["civilians.manage_own", "civilians.create"] },
  { path: "/staff", label: "Staff", anyOf: ["staff.view", "shifts.view", "shifts.manage"] },
  { path: "/sessions", label: "Sessions", anyOf: ["sessions.view"] },
  { path: "/moderation", label: "Moderation", anyOf: ["moderation.view", "players.view", "server.view", "moderation.history"] },
  { path: "/admin", label: "Administration", anyOf: ["admin.manage"] },
  { path: "/audit", label: "Audit log", anyOf: ["audit.view"] }
]

/** Whether a person holding `permissions` may use `room`. */
export const mayUse = (permissions: ReadonlyArray<string>, room: Room): boolean => room.anyOf.some((key) => permissions.includes(key))

/** The rooms `permissions` open, in the navigation's order. */
export const roomsFor = (permissions: ReadonlyArray<string>): ReadonlyArray<Room> => ROOMS.filter((room) => mayUse(permissions, room))
