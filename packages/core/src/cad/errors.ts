import { Effect, Schema } from "effect"
import { DomainError, IntegerBetween, type InvalidInput, validated } from "../kernel/index.js"

/** The record changed since the client read it: its `version` is not the current one. Nothing is written. */
export class CadConflict extends DomainError<CadConflict>()("CadConflict", "CAD_CONFLICT", {}) {}

/** The person already crews a unit (one unit per person at a time). */
export class AlreadyCrewed extends DomainError<AlreadyCrewed>()("AlreadyCrewed", "ALREADY_CREWED", {}) {}

/** A CAD record's `version` as a client sends it back: a whole number from 1 (a new record's) up. */
export const RecordVersion = IntegerBetween({ min: 1, max: 2_147_483_647 })

/** The client's version as the version rule has it: a caller that skipped the contract is held to it too. */
const validVersion = validated(Schema.Struct({ version: RecordVersion }), "The version is not valid")

/**
 * `CAD_CONFLICT` unless the client's `version` is the record's current one;
 * one that no record could have (0, negative, fractional) is `INVALID_INPUT`.
 */
export const ensureVersion = (record: { readonly version: number }, version: number): Effect.Effect<void, CadConflict | InvalidInput> =>
  Effect.flatMap(validVersion({ version }), () =>
    record.version === version
      ? Effect.void
      : Effect.fail(new CadConflict({ message: `The record changed since it was read (version ${version}, now ${record.version})` })))
