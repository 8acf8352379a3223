import {
  Charge,
  Civilian,
  CommunitySettings,
  Endorsement,
  Licence,
  Marker,
  PncRecord,
  plateKey,
  RecordCharge,
  Vehicle,
  Warrant
} from "@bluelight/core/civilians"
import { Schema, SchemaTransformation } from "effect"

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
export const VehicleRow = Schema.Struct({ ...VehicleColumns.fields, plateKey: Schema.String }).pipe(
  Schema.decodeTo(
    Schema.toType(VehicleColumns),
    SchemaTransformation.transform({
      decode: ({ plateKey: _plateKey, ...vehicle }) => vehicle,
      encode: (vehicle) => ({ ...vehicle, plateKey: plateKey(vehicle.plate) })
    })
  )
)

export const CommunitySettingsRow = Schema.Struct({
  ...CommunitySettings.fields,
  updatedAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})

const { charges: _charges, ...recordColumns } = PncRecord.fields

/** A record's own row in `pnc_records`, as written; the charges it cited are rows of `pnc_record_charges` (`RecordChargeRow`). */
export const RecordRow = Schema.Struct({
  ...recordColumns,
  occurredAt: Schema.DateTimeUtcFromDate,
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate,
  closedAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})

/** A record as read back: its row, and the charges it cited as JSON (`recordChargesJson`). */
export const LoadedRecordRow = Schema.Struct({ ...RecordRow.fields, charges: Schema.Array(RecordCharge) })

/** One charge a record cited, at its place in the record's list (`position`, from 0). */
export const RecordChargeRow = Schema.Struct({ recordId: Schema.String, position: Schema.Int, ...RecordCharge.fields })

export const ChargeRow = Schema.Struct({
  ...Charge.fields,
  createdAt: Schema.DateTimeUtcFromDate,
  updatedAt: Schema.DateTimeUtcFromDate
})

export const WarrantRow = Schema.Struct({
  ...Warrant.fields,
  requestedAt: Schema.DateTimeUtcFromDate,
  issuedAt: Schema.DateTimeUtcFromDate,
  expiresAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  decidedAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  closedAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  updatedAt: Schema.DateTimeUtcFromDate
})

export const MarkerRow = Schema.Struct({
  ...Marker.fields,
  createdAt: Schema.DateTimeUtcFromDate,
  expiresAt: Schema.NullOr(Schema.DateTimeUtcFromDate),
  clearedAt: Schema.NullOr(Schema.DateTimeUtcFromDate)
})

/** `fine_amount` is `numeric` (exact money), read back as a float8 so the row holds a number. */
export const RECORD_COLUMNS = "id, reference, civilian_id, type, status, title, description, location, occurred_at, " +
  "fine_amount::float8 AS fine_amount, points, vehicle_id, disclosed, recorded_by, created_at, updated_at, closed_at, closed_by, close_reason"
/** The fines are `numeric`, read back as float8 as a record's are. */
export const CHARGE_COLUMNS = "id, code, title, category, fine_min::float8 AS fine_min, fine_max::float8 AS fine_max, points, endorsement_code, " +
  "custody_max_days, warning_applicable, active, created_at, updated_at"
export const WARRANT_COLUMNS = "id, reference, civilian_id, reason, details, status, requested_by, requested_at, issued_by, issued_at, expires_at, " +
  "decided_by, decided_at, decision_note, closed_at, closed_by, close_note, updated_at"
export const MARKER_COLUMNS =
  "id, reference, type, civilian_id, vehicle_id, reason, details, issued_by, created_at, expires_at, cleared_at, cleared_by, clear_reason"

export const VEHICLE_COLUMNS =
  "id, plate, make, model, colour, type, registration_status, insurance_status, mot_status, tax_status, keeper_id, keeper_since, created_at, updated_at"
export const CIVILIAN_COLUMNS =
  "id, reference, owner_id, full_name, date_of_birth::text AS date_of_birth, gender, address, phone, occupation, image_url, notes, status, created_at, updated_at"
export const LICENCE_COLUMNS = "id, civilian_id, number, categories, status, suspended_until, suspension_reason, issued_at, expires_at, updated_at"
export const ENDORSEMENT_COLUMNS = "id, licence_id, code, reason, points, created_at, expires_at, issued_by, removed_at, removed_by, removal_reason, record_id"

/**
 * The read models build their answers as JSON in one query. These are the
 * JSON objects of each record, keyed as core's record schemas are, so the
 * schemas decode them (Postgres writes `timestamptz` in JSON as ISO 8601 with
 * an offset, which `Timestamp` reads).
 */
export const civilianJson = (c: string) =>
  `json_build_object(
  'id', ${c}.id, 'reference', ${c}.reference, 'ownerId', ${c}.owner_id, 'fullName', ${c}.full_name,
  'dateOfBirth', ${c}.date_of_birth::text, 'gender', ${c}.gender, 'address', ${c}.address, 'phone', ${c}.phone,
  'occupation', ${c}.occupation, 'imageUrl', ${c}.image_url, 'notes', ${c}.notes, 'status', ${c}.status,
  'createdAt', ${c}.created_at, 'updatedAt', ${c}.updated_at)`

export const civilianRefJson = (c: string) => `json_build_object('id', ${c}.id, 'reference', ${c}.reference, 'fullName', ${c}.full_name)`

export const vehicleJson = (v: string) =>
  `json_build_object(
  'id', ${v}.id, 'plate', ${v}.plate, 'make', ${v}.make, 'model', ${v}.model, 'colour', ${v}.colour, 'type', ${v}.type,
  'registrationStatus', ${v}.registration_status, 'insuranceStatus', ${v}.insurance_status, 'motStatus', ${v}.mot_status,
  'taxStatus', ${v}.tax_status, 'keeperId', ${v}.keeper_id, 'keeperSince', ${v}.keeper_since,
  'createdAt', ${v}.created_at, 'updatedAt', ${v}.updated_at)`

export const licenceJson = (l: string) =>
  `json_build_object(
  'id', ${l}.id, 'civilianId', ${l}.civilian_id, 'number', ${l}.number, 'categories', to_json(${l}.categories),
  'status', ${l}.status, 'suspendedUntil', ${l}.suspended_until, 'suspensionReason', ${l}.suspension_reason,
  'issuedAt', ${l}.issued_at, 'expiresAt', ${l}.expires_at, 'updatedAt', ${l}.updated_at)`

export const personJson = (a: string) => `json_build_object('id', ${a}.id, 'displayName', ${a}.display_name)`

/** A loaded licence: the licence and every endorsement, oldest first, with who recorded and removed each. */
export const loadedLicenceJson = (l: string) =>
  `json_build_object(
  'licence', ${licenceJson(l)},
  'endorsements', COALESCE((
    SELECT json_agg(json_build_object(
      'endorsement', json_build_object(
        'id', e.id, 'licenceId', e.licence_id, 'code', e.code, 'reason', e.reason, 'points', e.points,
        'createdAt', e.created_at, 'expiresAt', e.expires_at, 'issuedBy', e.issued_by, 'removedAt', e.removed_at,
        'removedBy', e.removed_by, 'removalReason', e.removal_reason, 'recordId', e.record_id),
      'issuedBy', ${personJson("ib")},
      'removedBy', CASE WHEN rb.id IS NULL THEN NULL ELSE ${personJson("rb")} END,
      'record', CASE WHEN er.id IS NULL THEN NULL ELSE json_build_object('id', er.id, 'reference', er.reference) END
    ) ORDER BY e.created_at, e.id)
    FROM endorsements e
    JOIN accounts ib ON ib.id = e.issued_by
    LEFT JOIN accounts rb ON rb.id = e.removed_by
    LEFT JOIN pnc_records er ON er.id = e.record_id
    WHERE e.licence_id = ${l}.id), '[]'::json))`

export const vehicleRefJson = (v: string) => `json_build_object('id', ${v}.id, 'plate', ${v}.plate)`

/** The charges record `r` cited, in the order cited, as a JSON array (empty when none), keyed as core's `RecordCharge`. */
export const recordChargesJson = (r: string) =>
  `COALESCE((
    SELECT json_agg(json_build_object(
      'chargeId', rc.charge_id, 'code', rc.code, 'title', rc.title, 'count', rc.count,
      'fineMin', rc.fine_min::float8, 'fineMax', rc.fine_max::float8, 'points', rc.points) ORDER BY rc.position)
    FROM pnc_record_charges rc WHERE rc.record_id = ${r}.id), '[]'::json)`

export const recordJson = (r: string) =>
  `json_build_object(
  'id', ${r}.id, 'reference', ${r}.reference, 'civilianId', ${r}.civilian_id, 'type', ${r}.type, 'status', ${r}.status,
  'title', ${r}.title, 'description', ${r}.description, 'location', ${r}.location, 'occurredAt', ${r}.occurred_at,
  'fineAmount', ${r}.fine_amount::float8, 'points', ${r}.points, 'vehicleId', ${r}.vehicle_id, 'disclosed', ${r}.disclosed,
  'recordedBy', ${r}.recorded_by, 'createdAt', ${r}.created_at, 'updatedAt', ${r}.updated_at, 'closedAt', ${r}.closed_at,
  'closedBy', ${r}.closed_by, 'closeReason', ${r}.close_reason, 'charges', ${recordChargesJson(r)})`

export const warrantJson = (w: string) =>
  `json_build_object(
  'id', ${w}.id, 'reference', ${w}.reference, 'civilianId', ${w}.civilian_id, 'reason', ${w}.reason, 'details', ${w}.details,
  'status', ${w}.status, 'requestedBy', ${w}.requested_by, 'requestedAt', ${w}.requested_at,
  'issuedBy', ${w}.issued_by, 'issuedAt', ${w}.issued_at, 'expiresAt', ${w}.expires_at,
  'decidedBy', ${w}.decided_by, 'decidedAt', ${w}.decided_at, 'decisionNote', ${w}.decision_note,
  'closedAt', ${w}.closed_at, 'closedBy', ${w}.closed_by, 'closeNote', ${w}.close_note, 'updatedAt', ${w}.updated_at)`

export const markerJson = (m: string) =>
  `json_build_object(
  'id', ${m}.id, 'reference', ${m}.reference, 'type', ${m}.type, 'civilianId', ${m}.civilian_id, 'vehicleId', ${m}.vehicle_id,
  'reason', ${m}.reason, 'details', ${m}.details, 'issuedBy', ${m}.issued_by, 'createdAt', ${m}.created_at,
  'expiresAt', ${m}.expires_at, 'clearedAt', ${m}.cleared_at, 'clearedBy', ${m}.cleared_by, 'clearReason', ${m}.clear_reason)`

/**
 * A loaded marker: the marker with its person, its vehicle, who set it and who
 * cleared it, each found by a scalar subquery so it can be built for
 * any row `m` of markers.
 */
export const loadedMarkerJson = (m: string) =>
  `json_build_object(
  'marker', ${markerJson(m)},
  'civilian', (SELECT ${civilianRefJson("mc")} FROM civilians mc WHERE mc.id = ${m}.civilian_id),
  'vehicle', (SELECT ${vehicleRefJson("mv")} FROM vehicles mv WHERE mv.id = ${m}.vehicle_id),
  'issuedBy', (SELECT ${personJson("mi")} FROM accounts mi WHERE mi.id = ${m}.issued_by),
  'clearedBy', (SELECT ${personJson("mb")} FROM accounts mb WHERE mb.id = ${m}.cleared_by))`

/** A loaded warrant: the warrant with its person, who requested, issued, decided and closed it. */
export const loadedWarrantJson = (w: string) =>
  `json_build_object(
  'warrant', ${warrantJson(w)},
  'civilian', (SELECT ${civilianRefJson("wc")} FROM civilians wc WHERE wc.id = ${w}.civilian_id),
  'requestedBy', (SELECT ${personJson("wr")} FROM accounts wr WHERE wr.id = ${w}.requested_by),
  'issuedBy', (SELECT ${personJson("wi")} FROM accounts wi WHERE wi.id = ${w}.issued_by),
  'decidedBy', (SELECT ${personJson("wd")} FROM accounts wd WHERE wd.id = ${w}.decided_by),
  'closedBy', (SELECT ${personJson("wb")} FROM accounts wb WHERE wb.id = ${w}.closed_by))`

/** A loaded record: the record with its person and vehicle, who recorded and ended it, and the endorsement it made. */
export const loadedRecordJson = (r: string) =>
  `json_build_object(
  'record', ${recordJson(r)},
  'civilian', (SELECT ${civilianRefJson("rc")} FROM civilians rc WHERE rc.id = ${r}.civilian_id),
  'vehicle', (SELECT ${vehicleRefJson("rv")} FROM vehicles rv WHERE rv.id = ${r}.vehicle_id),
  'recordedBy', (SELECT ${personJson("ri")} FROM accounts ri WHERE ri.id = ${r}.recorded_by),
  'closedBy', (SELECT ${personJson("rb")} FROM accounts rb WHERE rb.id = ${r}.closed_by),
  'endorsement', (SELECT json_build_object('id', re.id, 'code', re.code) FROM endorsements re WHERE re.record_id = ${r}.id))`

/** A marker counts as active at the instant `at` (a SQL expression) while uncleared and before its expiry. */
export const markerActiveSql = (m: string, at: string) => `(${m}.cleared_at IS NULL AND (${m}.expires_at IS NULL OR ${m}.expires_at > ${at}))`

/** A warrant reads `ACTIVE` at `at` while stored active and before its expiry. */
export const warrantActiveSql = (w: string, at: string) => `(${w}.status = 'ACTIVE' AND (${w}.expires_at IS NULL OR ${w}.expires_at > ${at}))`

/** A warrant in force, ever (core's `warrantInForce`): not a request pending approval, nor one rejected. */
export const warrantInForceSql = (w: string) => `(${w}.status NOT IN ('PENDING_APPROVAL', 'REJECTED'))`

/** The instant a read model reads at: a one-row subquery `at` whose `now` is bound as a parameter. */
export const AT_NOW = "at.now"

/** A vehicle's active markers counted, and whether one is `STOLEN_VEHICLE`: the summary's `markers` and `stolen`. */
export const vehicleAlertFields = (v: string) => `
  'markers', (SELECT count(*) FROM markers vm WHERE vm.vehicle_id = ${v}.id AND ${markerActiveSql("vm", AT_NOW)}),
  'stolen', EXISTS (SELECT 1 FROM markers vs WHERE vs.vehicle_id = ${v}.id AND vs.type = 'STOLEN_VEHICLE' AND ${markerActiveSql("vs", AT_NOW)})`

/** A person's active markers and warrants, counted: the keeper's `alerts`. */
export const personAlertsJson = (c: string) =>
  `json_build_object(
  'markers', (SELECT count(*) FROM markers pm WHERE pm.civilian_id = ${c}.id AND ${markerActiveSql("pm", AT_NOW)}),
  'warrants', (SELECT count(*) FROM warrants pw WHERE pw.civilian_id = ${c}.id AND ${warrantActiveSql("pw", AT_NOW)}))`
