import type { PncResults } from "./queries.js"

type VehicleStatuses = Pick<PncResults["vehicles"][number], "registrationStatus" | "insuranceStatus" | "motStatus" | "taxStatus">

/** The official statuses of a vehicle an officer must see at once (a good one is no flag), in the words' keys. */
export const vehicleFlags = (vehicle: VehicleStatuses) => {
  const flags: Array<"UNINSURED" | "MOT_EXPIRED" | "UNTAXED" | "SORN" | "REGISTRATION_SUSPENDED" | "SCRAPPED"> = []
  if (vehicle.insuranceStatus === "UNINSURED") flags.push("UNINSURED")
  if (vehicle.motStatus === "EXPIRED") flags.push("MOT_EXPIRED")
  if (vehicle.taxStatus === "UNTAXED") flags.push("UNTAXED")
  if (vehicle.taxStatus === "SORN") flags.push("SORN")
  if (vehicle.registrationStatus === "SUSPENDED") flags.push("REGISTRATION_SUSPENDED")
  if (vehicle.registrationStatus === "SCRAPPED") flags.push("SCRAPPED")
  return flags
}
