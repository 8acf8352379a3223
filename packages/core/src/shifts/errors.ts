import { DomainError } from "../kernel/errors.js"

/** The shift has already ended. */
export class ShiftNotActive extends DomainError<ShiftNotActive>()("ShiftNotActive", "SHIFT_NOT_ACTIVE", {}) {}

/** The staff profile already has an active shift (one per profile). */
export class ShiftAlreadyActive extends DomainError<ShiftAlreadyActive>()("ShiftAlreadyActive", "SHIFT_ALREADY_ACTIVE", {}) {}

/** The target staff profile is not active staff (unknown, deactivated, or its account is not active). */
export class StaffInactive extends DomainError<StaffInactive>()("StaffInactive", "STAFF_INACTIVE", {}) {}
