import { DomainError } from "@bluelight/core/kernel"

// The refusals of the request path that no use case makes: the server's
// request path answers them itself (`adapters-http` `requestPath/`), and they
// are declared here so that every endpoint can declare them and a client can
// read them back as classes, like every other error.

/** A request body over the size limit (`413`). */
export class PayloadTooLarge extends DomainError<PayloadTooLarge>()("PayloadTooLarge", "PAYLOAD_TOO_LARGE", {}) {}

/** A request body that is not JSON (`415`). */
export class UnsupportedMediaType extends DomainError<UnsupportedMediaType>()("UnsupportedMediaType", "UNSUPPORTED_MEDIA_TYPE", {}) {}

/** A defect on the server's side (`500`); its message says only that, and to quote the request id. */
export class InternalError extends DomainError<InternalError>()("InternalError", "INTERNAL_ERROR", {}) {}
