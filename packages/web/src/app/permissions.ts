/** The rooms of the app, each shown to those holding any one of its permissions (WEB.md, "Who uses it"). */
export interface Room {
  readonly path: string
  readonly label: string
  readonly anyOf: ReadonlyArray<string>
}

export const ROOMS: ReadonlyArray<Room> = [
  { path: "/control", label: "Control", anyOf: ["cad.view"] },
  { path: "/mdt", label: "MDT", anyOf: ["cad.unit.self"] }
]

/** Whether a person holding `permissions` may use `room`. */
export const mayUse = (permissions: ReadonlyArray<string>, room: Room): boolean => room.anyOf.some((key) => permissions.includes(key))

/** The rooms `permissions` open, in the navigation's order. */
export const roomsFor = (permissions: ReadonlyArray<string>): ReadonlyArray<Room> => ROOMS.filter((room) => mayUse(permissions, room))
