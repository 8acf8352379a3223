import { DomainError } from "../kernel/index.js"

/** The shift has already ended. */
export class ShiftNotActive extends DomainError<ShiftNotActive>()("ShiftNotActive", "SHIFT_NOT_ACTIVE", {}) {}

/** The staff profile already has an active shift (one per profile). */
export class ShiftAlreadyActive extends DomainError<ShiftAlreadyActive>()("ShiftAlreadyActive", "SHIFT_ALREADY_ACTIVE", {}) {}
