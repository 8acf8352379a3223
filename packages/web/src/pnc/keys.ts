/**
 * The PNC room's query keys. Every one starts with "pnc": after any PNC write, invalidating
 * `pncKeys.all` reads again whatever the room shows (a person, a vehicle, a history, the queue).
 */
export const pncKeys = {
  all: ["pnc"] as const,
  person: (id: string) => ["pnc", "person", id] as const,
  vehicle: (id: string) => ["pnc", "vehicle", id] as const,
  records: (civilianId: string) => ["pnc", "records", civilianId] as const,
  history: (kind: "person" | "vehicle", id: string) => ["pnc", "history", kind, id] as const,
  warrants: (status: string) => ["pnc", "warrants", status] as const,
  charges: ["pnc", "charges"] as const
}
