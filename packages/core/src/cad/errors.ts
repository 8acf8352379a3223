import { Effect } from "effect"
import { DomainError } from "../kernel/errors.js"

/** The record changed since the client read it: its `version` is not the current one. Nothing is written. */
export class CadConflict extends DomainError<CadConflict>()("CadConflict", "CAD_CONFLICT", {}) {}

/** The person already crews a unit (one unit per person at a time). */
export class AlreadyCrewed extends DomainError<AlreadyCrewed>()("AlreadyCrewed", "ALREADY_CREWED", {}) {}

/** `CAD_CONFLICT` unless the client's `version` is the record's current one. */
export const ensureVersion = (record: { readonly version: number }, version: number): Effect.Effect<void, CadConflict> =>
  record.version === version
    ? Effect.void
    : Effect.fail(new CadConflict({ message: `The record changed since it was read (version ${version}, now ${record.version})` }))
