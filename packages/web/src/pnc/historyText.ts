import { PNC_EVENT_DATA, type PncEventData } from "@bluelight/core/civilians"
import { Option, Schema } from "effect"
import { markerWords } from "../strings/index.js"
import { historyTypeWords, insuranceWords, motWords, recordTypeWords, registrationWords, taxWords } from "../strings/pnc.js"
import { formatPounds } from "../ui/money.js"

type Described = { readonly [T in keyof typeof PNC_EVENT_DATA]: (data: PncEventData<T>) => string }

const day = (
  iso: string | null
) => (iso === null ? "no expiry" : new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" }))
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`

type Statuses = PncEventData<"VEHICLE_STATUS_CHANGED">["before"]
const STATUS_PARTS: ReadonlyArray<readonly [keyof Statuses, string, Readonly<Record<string, string>>]> = [
  ["registrationStatus", "Registration", registrationWords],
  ["insuranceStatus", "Insurance", insuranceWords],
  ["motStatus", "MOT", motWords],
  ["taxStatus", "Tax", taxWords]
]

/** What changed between two sets of vehicle statuses: "Insurance Insured → Uninsured". */
export const statusChanges = (before: Statuses, after: Statuses): string =>
  STATUS_PARTS.filter(([key]) => before[key] !== after[key])
    .map(([key, label, named]) => `${label} ${named[before[key]] ?? before[key]} → ${named[after[key]] ?? after[key]}`)
    .join(", ")

/** Each history type's data in words (the officer's reason included): one line, as the history table shows it. */
const DESCRIBED: Described = {
  CIVILIAN_CREATED: (data) => `${data.fullName} (${data.reference})`,
  CIVILIAN_UPDATED: (data) => `Changed: ${data.fields.join(", ")}`,
  LICENCE_ISSUED: (data) => `${data.number}, categories ${data.categories.join(", ")}, expires ${day(data.expiresAt)}`,
  LICENCE_UPDATED: (data) => `${data.number}: ${data.reason}`,
  LICENCE_SUSPENDED: (data) =>
    data.reason === "TOTTING_UP" && data.points !== undefined && data.threshold !== undefined
      ? `${data.number}: automatically, ${data.points} points reached the threshold of ${data.threshold}; until ${day(data.until)}`
      : `${data.number}: ${data.reason}${data.until === null ? "" : `; until ${day(data.until)}`}`,
  LICENCE_REVOKED: (data) => `${data.number}: ${data.reason}`,
  LICENCE_REINSTATED: (data) => `${data.number}: ${data.reason}`,
  ENDORSEMENT_ADDED: (data) => `${data.code}, ${plural(data.points, "point")}: ${data.reason}${data.record === undefined ? "" : ` (${data.record})`}`,
  ENDORSEMENT_REMOVED: (data) => `${data.code}, ${plural(data.points, "point")}: ${data.reason}`,
  VEHICLE_REGISTERED: (data) => `${data.plate}, ${data.make} ${data.model}, to ${data.keeper}`,
  VEHICLE_STATUS_CHANGED: (data) => `${data.plate}: ${statusChanges(data.before, data.after)}. ${data.reason}`,
  KEEPER_CHANGED: (data) => `${data.plate}: ${data.from.reference} → ${data.to.reference}`,
  RECORD_CREATED: (data) =>
    [
      `${data.reference}, ${recordTypeWords[data.recordType]}: ${data.title}`,
      ...(data.charges !== undefined && data.charges.length > 0 ? [data.charges.map((charge) => `${charge.count} × ${charge.code}`).join(", ")] : []),
      ...(data.fineAmount > 0 ? [`fine ${formatPounds(data.fineAmount)}`] : []),
      ...(data.points > 0 ? [plural(data.points, "point")] : [])
    ].join("; "),
  RECORD_CLOSED: (data) => `${data.reference}: ${data.reason}`,
  RECORD_VOIDED: (data) => `${data.reference}: ${data.reason}`,
  WARRANT_ISSUED: (data) => `${data.reference}: ${data.reason}`,
  WARRANT_CLOSED: (data) => `${data.reference}, ${data.outcome === "EXECUTED" ? "executed" : "withdrawn"}: ${data.note}`,
  WARRANT_REQUESTED: (data) => `${data.reference}: ${data.reason}`,
  WARRANT_APPROVED: (data) => `${data.reference}${data.note === null ? "" : `: ${data.note}`}`,
  WARRANT_REJECTED: (data) => `${data.reference}: ${data.reason}`,
  MARKER_CREATED: (data) => `${data.reference}, ${markerWords[data.markerType]}: ${data.reason}`,
  MARKER_CLEARED: (data) => `${data.reference}, ${markerWords[data.markerType]}: ${data.reason}`
}

const isKnown = (type: string): type is keyof typeof PNC_EVENT_DATA => Object.hasOwn(PNC_EVENT_DATA, type)

/** A history entry's type in words (a type this app does not know yet, as the API names it). */
export const historyTypeText = (type: string): string => historyTypeWords[type] ?? type

/** A history entry's data in words; data of a shape the app does not know is shown as the API sent it. */
export const historyDetail = (entry: { readonly type: string; readonly data: unknown }): string => {
  if (!isKnown(entry.type)) return JSON.stringify(entry.data)
  const describe = DESCRIBED[entry.type] as (data: unknown) => string
  const decoded = Schema.decodeUnknownOption(PNC_EVENT_DATA[entry.type] as Schema.Codec<unknown>)(entry.data)
  return Option.match(decoded, { onNone: () => JSON.stringify(entry.data), onSome: describe })
}
