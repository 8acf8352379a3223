import { DomainError } from "../kernel/index.js"

/** The character already holds a licence. */
export class LicenceExists extends DomainError<LicenceExists>()("LicenceExists", "LICENCE_EXISTS", {}) {}

/** No free licence number was found in a few attempts; trying again may succeed. */
export class LicenceNumberUnavailable extends DomainError<LicenceNumberUnavailable>()("LicenceNumberUnavailable", "LICENCE_NUMBER_UNAVAILABLE", {}) {}

/** Another vehicle that is not scrapped has the same plate (ignoring spaces, hyphens and case). */
export class PlateTaken extends DomainError<PlateTaken>()("PlateTaken", "PLATE_TAKEN", {}) {}

/** The endorsement is missing or already removed. */
export class EndorsementNotActive extends DomainError<EndorsementNotActive>()("EndorsementNotActive", "ENDORSEMENT_NOT_ACTIVE", {}) {}

/** A licence expiry not after its issue. */
export class InvalidExpiry extends DomainError<InvalidExpiry>()("InvalidExpiry", "INVALID_EXPIRY", {}) {}

/** The marker is already cleared or past its expiry. */
export class MarkerNotActive extends DomainError<MarkerNotActive>()("MarkerNotActive", "MARKER_NOT_ACTIVE", {}) {}

/** The warrant is already executed, withdrawn or past its expiry. */
export class WarrantNotActive extends DomainError<WarrantNotActive>()("WarrantNotActive", "WARRANT_NOT_ACTIVE", {}) {}

/** Another charge of the catalogue has the same code, ignoring case. */
export class ChargeCodeTaken extends DomainError<ChargeCodeTaken>()("ChargeCodeTaken", "CHARGE_CODE_TAKEN", {}) {}

/** The requester of a warrant tried to approve or reject it: a second officer must decide. */
export class SelfApproval extends DomainError<SelfApproval>()("SelfApproval", "SELF_APPROVAL", {}) {}
