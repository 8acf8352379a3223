import type { Me } from "../app/session.js"
import type { VehicleRecord } from "./types.js"

/** SCAFFOLD: the actions an officer may take on a vehicle (statuses, markers), shown on the vehicle's page. */
export const VehicleActions = (_: { readonly vehicle: VehicleRecord; readonly me: Me }) => null
