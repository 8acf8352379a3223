import type { BluelightApiClient } from "@bluelight/client"
import type { Effect } from "effect"

/** What an operation of the typed client answers with its default response mode: the envelope's `data`. */
type DataOf<F> = F extends (...args: never) => Effect.Effect<infer A, infer _E, infer _R> ? Extract<A, { readonly data: unknown }>["data"] : never

/** The official person view (`GET /pnc/civilians/{id}`), as the typed client decodes it. */
export type OfficialPerson = DataOf<BluelightApiClient["pnc"]["getPerson"]>
/** The vehicle record (`GET /pnc/vehicles/{id}`) with its keeper chain and alerts. */
export type VehicleRecord = DataOf<BluelightApiClient["pnc"]["getVehicle"]>
