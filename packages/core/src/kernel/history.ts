import { DateTime, Effect, Schema } from "effect"
import { type Actor, AuditLog, type AuditRecord } from "./AuditLog.js"

/** When a change was made and by whom: what a context's history entry and its audit entry share. */
export interface ChangeStamp {
  readonly at: DateTime.Utc
  readonly actor: Actor
}

/**
 * How every context with a history (CAD, PNC) records a change: its own
 * history entry, written by `writeEntry` with the change's time and actor,
 * then the audit entry under the same actor. Runs inside the change's
 * transaction, so neither entry is written without the other, nor without
 * the change.
 */
export const recordInHistory = <E, R>(
  actor: Actor,
  writeEntry: (stamp: ChangeStamp) => Effect.Effect<void, E, R>,
  audit: Omit<AuditRecord, "actor">
): Effect.Effect<void, E, R | AuditLog> =>
  Effect.gen(function*() {
    yield* writeEntry({ at: yield* DateTime.now, actor })
    yield* AuditLog.use((log) => log.record({ ...audit, actor }))
  })

/** A context's history payloads: for each of its entry types, the schema of the `data` that type carries. */
export type PayloadSchemas = { readonly [type: string]: Schema.Top }

/**
 * One change as a context's use cases hand it to its history: a union
 * discriminated by `type`, each type with its own `data`, so a payload of the
 * wrong shape for its type does not compile.
 */
export type TypedChange<P extends PayloadSchemas> = {
  readonly [T in keyof P & string]: { readonly type: T; readonly data: P[T]["Type"] }
}[keyof P & string]

/** One member of `historyEntries`: the shared `fields`, `type` one literal, `data` that type's payload. */
export type HistoryEntrySchema<P extends PayloadSchemas, F extends Schema.Struct.Fields> = {
  readonly [T in keyof P & string]: Schema.Struct<F & { readonly type: Schema.Literal<T>; readonly data: P[T] }>
}[keyof P & string]

/**
 * The schema of a context's history entry (CAD and PNC alike): a union of
 * one struct per type in `payloads`, each with the shared `fields`, its
 * `type` and its own `data`, discriminated by `type`. A reader that narrows on
 * `type` gets that type's `data`.
 */
export const historyEntries = <const P extends PayloadSchemas, const F extends Schema.Struct.Fields>(
  payloads: P,
  fields: F
): Schema.Union<ReadonlyArray<HistoryEntrySchema<P, F>>> =>
  // One struct per key: the mapped type above is what this builds, which `Object.entries` cannot carry through.
  Schema.Union(
    // Each titled by its type, so a reader of the API description sees which shape is which.
    Object.entries(payloads).map(([type, data]) => Schema.Struct({ ...fields, type: Schema.Literal(type), data }).annotate({ title: type }))
  ) as unknown as Schema.Union<ReadonlyArray<HistoryEntrySchema<P, F>>>
