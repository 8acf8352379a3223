import { Context } from "effect"
import { type Annotated, annotated } from "./endpointMarks.js"

/**
 * The largest body an operation takes, when it is not the request path's
 * usual 16 KiB: the game's event webhook takes up to 64 KiB, because the game
 * batches its events and a delivery must be read whole to verify its
 * signature. Read by the request path before anything of the body is.
 */
export const MaxBodyBytes = Context.Reference<number | undefined>("@bluelight/api/MaxBodyBytes", { defaultValue: () => undefined })

/** Marks an endpoint as taking bodies up to `bytes` (the same endpoint, its types kept). */
export const maxBodyBytes = (bytes: number) => annotated(MaxBodyBytes, bytes)

/** The body limit an endpoint declares, if it declares one. */
export const maxBodyBytesOf = (endpoint: Annotated): number | undefined => Context.get(endpoint.annotations, MaxBodyBytes)
