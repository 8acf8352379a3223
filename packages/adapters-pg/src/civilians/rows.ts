import { Civilian, Endorsement, Licence, plateKey, Vehicle } from "@bluelight/core/civilians"
import { Schema } from "effect"

/**
 * How the civilian tables store their records: one schema a table, decoding
 * a row (camelCase, as the client answers it) into the record and encoding a
 * record into the row to write. Timestamps are `timestamptz` (a `Date` in the
 * row); the date of birth is a `date`, read as `date_of_birth::text`.
 */

export const CivilianRow = Schema.Struct({
  ...Civilian.fields,
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate
})

export const LicenceRow = Schema.Struct({
  ...Licence.fields,
  suspendedUntil: Schema.NullOr(Schema.DateTimeUtcFromDate),
  issuedAt: Schema.DateTimeUtcFromDate,
  expiresAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate
})

export const EndorsementRow = Schema.Struct({
  ...Endorsement.fields,
  createdAt: Schema.DateTimeUtcFromDate,
  expiresAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  removedAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})

const VehicleColumns = Schema.Struct({
  ...Vehicle.fields,
  keeperSince: Schema.NullOr(Schema.DateTimeUtcFromDate),
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate
})

/** A vehicle as written: its columns plus `plate_key`, core's `plateKey` of the plate; read back without it. */
export const VehicleRow = Schema.transform(
  Schema.Struct({ ...VehicleColumns.fields, plateKey: Schema.String }),
  Schema.typeSchema(VehicleColumns),
  {
    strict: true,
    decode: ({ plateKey: _plateKey, ...vehicle }) => vehicle,
    encode: (vehicle) => ({ ...vehicle, plateKey: plateKey(vehicle.plate) })
  }
)

export const VEHICLE_COLUMNS = "id, plate, make, model, colour, type, registration_status, insurance_status, mot_status, tax_status, keeper_id, keeper_since, created_at, updated_at"
export const CIVILIAN_COLUMNS = "id, reference, owner_id, full_name, date_of_birth::text AS date_of_birth, gender, address, phone, occupation, image_url, notes, status, created_at, updated_at"
export const LICENCE_COLUMNS = "id, civilian_id, number, categories, status, suspended_until, issued_at, expires_at, updated_at"
export const ENDORSEMENT_COLUMNS = "id, licence_id, code, reason, points, created_at, expires_at, issued_by, removed_at, removed_by, removal_reason, record_id"

/**
 * The read models build their answers as JSON in one query. These are the
 * JSON objects of each record, keyed as core's record schemas are, so the
 * schemas decode them (Postgres writes `timestamptz` in JSON as ISO 8601 with
 * an offset, which `Timestamp` reads).
 */
export const civilianJson = (c: string) => `json_build_object(
  'id', ${c}.id, 'reference', ${c}.reference, 'ownerId', ${c}.owner_id, 'fullName', ${c}.full_name,
  'dateOfBirth', ${c}.date_of_birth::text, 'gender', ${c}.gender, 'address', ${c}.address, 'phone', ${c}.phone,
  'occupation', ${c}.occupation, 'imageUrl', ${c}.image_url, 'notes', ${c}.notes, 'status', ${c}.status,
  'createdAt', ${c}.created_at, 'updatedAt', ${c}.updated_at)`

export const civilianRefJson = (c: string) => `json_build_object('id', ${c}.id, 'reference', ${c}.reference, 'fullName', ${c}.full_name)`

export const vehicleJson = (v: string) => `json_build_object(
  'id', ${v}.id, 'plate', ${v}.plate, 'make', ${v}.make, 'model', ${v}.model, 'colour', ${v}.colour, 'type', ${v}.type,
  'registrationStatus', ${v}.registration_status, 'insuranceStatus', ${v}.insurance_status, 'motStatus', ${v}.mot_status,
  'taxStatus', ${v}.tax_status, 'keeperId', ${v}.keeper_id, 'keeperSince', ${v}.keeper_since,
  'createdAt', ${v}.created_at, 'updatedAt', ${v}.updated_at)`

export const licenceJson = (l: string) => `json_build_object(
  'id', ${l}.id, 'civilianId', ${l}.civilian_id, 'number', ${l}.number, 'categories', to_json(${l}.categories),
  'status', ${l}.status, 'suspendedUntil', ${l}.suspended_until, 'issuedAt', ${l}.issued_at, 'expiresAt', ${l}.expires_at,
  'updatedAt', ${l}.updated_at)`

const personJson = (a: string) => `json_build_object('id', ${a}.id, 'displayName', ${a}.display_name)`

/** A licence file: the licence and every endorsement, oldest first, with who recorded and removed each. */
export const licenceFileJson = (l: string) => `json_build_object(
  'licence', ${licenceJson(l)},
  'endorsements', COALESCE((
    SELECT json_agg(json_build_object(
      'endorsement', json_build_object(
        'id', e.id, 'licenceId', e.licence_id, 'code', e.code, 'reason', e.reason, 'points', e.points,
        'createdAt', e.created_at, 'expiresAt', e.expires_at, 'issuedBy', e.issued_by, 'removedAt', e.removed_at,
        'removedBy', e.removed_by, 'removalReason', e.removal_reason, 'recordId', e.record_id),
      'issuedBy', ${personJson("ib")},
      'removedBy', CASE WHEN rb.id IS NULL THEN NULL ELSE ${personJson("rb")} END,
      'record', NULL
    ) ORDER BY e.created_at, e.id)
    FROM endorsements e
    JOIN accounts ib ON ib.id = e.issued_by
    LEFT JOIN accounts rb ON rb.id = e.removed_by
    WHERE e.licence_id = ${l}.id), '[]'::json))`

