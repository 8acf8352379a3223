import { EntityId } from "../kernel/index.js"

/**
 * The ids of the civilian records: each the API's `Id`, branded, so a vehicle
 * id cannot stand where a licence id is expected.
 */
export const CivilianId = EntityId("CivilianId")
export type CivilianId = typeof CivilianId.Type

export const LicenceId = EntityId("LicenceId")
export type LicenceId = typeof LicenceId.Type

export const EndorsementId = EntityId("EndorsementId")
export type EndorsementId = typeof EndorsementId.Type

export const VehicleId = EntityId("VehicleId")
export type VehicleId = typeof VehicleId.Type

export const PncEventId = EntityId("PncEventId")
export type PncEventId = typeof PncEventId.Type

export const RecordId = EntityId("RecordId")
export type RecordId = typeof RecordId.Type

export const WarrantId = EntityId("WarrantId")
export type WarrantId = typeof WarrantId.Type

export const MarkerId = EntityId("MarkerId")
export type MarkerId = typeof MarkerId.Type

export const ChargeId = EntityId("ChargeId")
export type ChargeId = typeof ChargeId.Type
