import type { CadEventView } from "@bluelight/core/cad"
import { DateTime } from "effect"
import type { Call, Incident, Unit } from "../../src/control/board.js"

/** Records and entries as the API answers them (decoded), for the board's tests. */
export const at = (iso: string) => DateTime.makeUnsafe(iso)

export const incident = (over: Omit<Partial<Incident>, "id"> & { readonly id: string; readonly number: number }): Incident => ({
  status: "OPEN",
  priority: "PRIORITY",
  type: "Burglary",
  location: "Legion Square",
  description: "",
  controlNotes: "",
  version: 1,
  createdAt: at("2026-12-01T20:00:00.000Z"),
  updatedAt: at("2026-12-01T20:00:00.000Z"),
  closedAt: null,
  ...over,
  id: over.id as Incident["id"]
})

export const unit = (over: Omit<Partial<Unit>, "id"> & { readonly id: string; readonly callsign: string }): Unit => ({
  agencyCode: "MET",
  type: "RESPONSE",
  status: "AVAILABLE",
  incidentId: null,
  version: 1,
  createdAt: at("2026-12-01T20:00:00.000Z"),
  updatedAt: at("2026-12-01T20:00:00.000Z"),
  crew: [],
  ...over,
  id: over.id as Unit["id"]
})

export const call = (over: Omit<Partial<Call>, "id"> & { readonly id: string }): Call => ({
  status: "WAITING",
  callerName: "Jo Bloggs",
  callerNumber: null,
  location: "Vinewood",
  description: "Shouting",
  incidentId: null,
  closeReason: null,
  createdAt: at("2026-12-01T20:00:00.000Z"),
  updatedAt: at("2026-12-01T20:00:00.000Z"),
  closedAt: null,
  source: "API",
  gameCallNumber: null,
  ...over,
  id: over.id as Call["id"]
})

type Dist<T> = T extends { readonly type: infer K } ? { readonly type: K; readonly data: Extract<CadEventView, { readonly type: K }>["data"] } : never

/** An entry of `type` with its `data`, its subjects and when. */
export const entry = (
  seq: number,
  change: Dist<CadEventView>,
  subjects: { readonly incidentId?: string; readonly unitId?: string; readonly callId?: string } = {},
  when = "2026-12-01T21:00:00.000Z"
): CadEventView => ({
  id: `00000000-0000-7000-8000-${String(seq).padStart(12, "0")}`,
  seq,
  at: at(when),
  actor: { id: "01a2352a-d94e-7539-a6d0-e6e376d98952", displayName: "Dana Dispatcher" },
  incidentId: (subjects.incidentId ?? null) as CadEventView["incidentId"],
  unitId: (subjects.unitId ?? null) as CadEventView["unitId"],
  callId: (subjects.callId ?? null) as CadEventView["callId"],
  ...change
} as CadEventView)
