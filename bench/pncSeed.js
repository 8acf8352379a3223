// The PNC's seeded world for the benches (`pnc-search.js`, `web-pnc-search.js`): vehicles, half as
// many characters (half of them licensed) with keepers, written straight into the database with
// generate_series (not the API), and then a realistic share of records, warrants and markers.

/** Rows a seeding statement writes at most. */
export const BATCH = 100_000

export const MAKES = [
  "Ford",
  "Vauxhall",
  "Volkswagen",
  "BMW",
  "Audi",
  "Toyota",
  "Nissan",
  "Peugeot",
  "Renault",
  "Honda",
  "Kia",
  "Hyundai",
  "Skoda",
  "Seat",
  "Fiat",
  "Citroen",
  "Mazda",
  "Volvo",
  "Mini",
  "Tesla"
]
export const MODELS = Array.from({ length: 50 }, (_, i) => `Model${String.fromCharCode(65 + (i % 26))}${i}`)
export const COLOURS = ["Black", "White", "Silver", "Grey", "Blue", "Red", "Green", "Yellow"]
export const FIRST = ["Ann", "Ben", "Cara", "Dan", "Eve", "Finn", "Gail", "Hugh", "Isla", "Jack", "Kate", "Liam", "Mia", "Noah", "Olga", "Paul"]
export const LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Wright", "Walker", "Evans"]

/**
 * The plate of the `i`th seeded vehicle, in the current UK form (`AB12 CDE`):
 * `i` times a number coprime with 26^5 * 100, modulo that, read in mixed radix
 * (letter, letter, two digits, letter, letter, letter). A bijection, so every
 * plate is unique, and the letters spread as real ones do.
 */
export const PLATE_SQL = `(SELECT chr(65 + (n % 26)::int) || chr(65 + (n / 26 % 26)::int) || lpad((n / 676 % 100)::text, 2, '0') || ' ' ||
  chr(65 + (n / 67600 % 26)::int) || chr(65 + (n / 1757600 % 26)::int) || chr(65 + (n / 45697600 % 26)::int)
  FROM (SELECT (i::bigint * 387420489) % 1188137600 AS n) AS spread)`

/** Tops the tables up to `vehicles` vehicles and half as many characters, half of them licensed. */
export async function seed(client, ownerId, from, to) {
  for (let start = from; start <= to; start += BATCH) {
    const end = Math.min(to, start + BATCH - 1)
    const civFrom = Math.floor((start + 1) / 2)
    const civTo = Math.floor(end / 2)
    if (civTo >= civFrom) {
      await client.query(
        `INSERT INTO civilians (id, reference, owner_id, full_name, date_of_birth, gender, address, status, created_at, updated_at)
         SELECT 'bench-civ-' || i, 'CIV-' || lpad(i::text, 8, '0'), $1,
                ($2::text[])[1 + i % cardinality($2::text[])] || ' ' || ($3::text[])[1 + (i / 16) % cardinality($3::text[])],
                date '1950-01-01' + (i % 20000), (ARRAY['MALE', 'FEMALE', 'NON_BINARY', 'UNSPECIFIED'])[1 + i % 4],
                i || ' High Street', 'ACTIVE', now(), now()
         FROM generate_series($4::int, $5::int) AS i`,
        [ownerId, FIRST, LAST, civFrom, civTo]
      )
      await client.query(
        `INSERT INTO licences (id, civilian_id, number, categories, status, issued_at, expires_at, updated_at)
         SELECT 'bench-lic-' || i, 'bench-civ-' || i, 'BENCH' || lpad(i::text, 11, '0'), '{B}', 'VALID', now(), now() + interval '10 years', now()
         FROM generate_series($1::int, $2::int) AS i WHERE i % 2 = 0`,
        [civFrom, civTo]
      )
    }
    // Make and model from a hash of `i`, not from `i` itself: the plates spread `i` too, and the two
    // must not line up (plate order would then meet a make in runs instead of 1 in 20 throughout).
    await client.query(
      `INSERT INTO vehicles (id, plate, plate_key, make, model, colour, type, registration_status, insurance_status, mot_status,
                             tax_status, keeper_id, keeper_since, created_at, updated_at)
       SELECT 'bench-veh-' || i, p.plate, replace(p.plate, ' ', ''),
              ($1::text[])[1 + abs(hashtext(i::text)) % 20], ($2::text[])[1 + abs(hashtext('model' || i)) % 50], ($3::text[])[1 + i % 8], 'CAR',
              'REGISTERED', 'INSURED', 'VALID', 'TAXED', 'bench-civ-' || greatest(1, (i + 1) / 2), now(), now(), now()
       FROM generate_series($4::int, $5::int) AS i, LATERAL (SELECT ${PLATE_SQL} AS plate) AS p`,
      [MAKES, MODELS, COLOURS, start, end]
    )
    await client.query(
      `INSERT INTO vehicle_keepers (vehicle_id, civilian_id, started_at)
       SELECT 'bench-veh-' || i, 'bench-civ-' || greatest(1, (i + 1) / 2), now() FROM generate_series($1::int, $2::int) AS i`,
      [start, end]
    )
  }
  await client.query("ANALYZE civilians, licences, vehicles, vehicle_keepers")
}

/**
 * Records, warrants and markers for characters `civFrom`..`civTo` and vehicles
 * `vehFrom`..`vehTo`: five records a person (the first with 3 points and the
 * person's vehicle, one in five INTELLIGENCE), a warrant for one person in 25
 * (one in four of them executed), a marker on one vehicle in 50 (STOLEN_VEHICLE
 * on one in 100, else VEHICLE_BOLO) and an OFFICER_SAFETY marker on one person
 * in 50 (one in four of all markers cleared).
 */
export async function seedAlerts(client, recorderId, civFrom, civTo, vehFrom, vehTo) {
  if (civTo >= civFrom) {
    await client.query(
      `INSERT INTO pnc_records (id, reference, civilian_id, type, status, title, description, location, occurred_at, fine_amount, points,
                                vehicle_id, disclosed, recorded_by, created_at, updated_at)
       SELECT 'bench-rec-' || i || '-' || k, 'REC-' || lpad((i * 5 + k)::text, 9, '0'), 'bench-civ-' || i,
              (ARRAY['CITATION', 'CAUTION', 'ARREST', 'CHARGE', 'INTELLIGENCE'])[k], 'OPEN', 'Record ' || k, 'Seeded record', 'High Street',
              now() - (k || ' days')::interval, CASE WHEN k = 1 THEN 100 ELSE 0 END, CASE WHEN k = 1 THEN 3 ELSE 0 END,
              CASE WHEN k = 1 THEN 'bench-veh-' || (2 * i) END, k <> 5, $1, now(), now()
       FROM generate_series($2::int, $3::int) AS i, generate_series(1, 5) AS k`,
      [recorderId, civFrom, civTo]
    )
    await client.query(
      `INSERT INTO warrants (id, reference, civilian_id, reason, status, requested_by, requested_at, issued_by, issued_at, closed_at, closed_by,
                             close_note, updated_at)
       SELECT 'bench-war-' || i, 'WAR-' || lpad(i::text, 9, '0'), 'bench-civ-' || i, 'Failed to appear',
              CASE WHEN i % 100 = 75 THEN 'EXECUTED' ELSE 'ACTIVE' END, $1, now(), $1, now(),
              CASE WHEN i % 100 = 75 THEN now() END, CASE WHEN i % 100 = 75 THEN $1 END, CASE WHEN i % 100 = 75 THEN 'Arrested' END, now()
       FROM generate_series($2::int, $3::int) AS i WHERE i % 25 = 0`,
      [recorderId, civFrom, civTo]
    )
    await client.query(
      `INSERT INTO markers (id, reference, type, civilian_id, reason, issued_by, created_at, cleared_at, cleared_by, clear_reason)
       SELECT 'bench-mrk-civ-' || i, 'MRK-1' || lpad(i::text, 9, '0'), 'OFFICER_SAFETY', 'bench-civ-' || i, 'Violent', $1, now(),
              CASE WHEN i % 200 = 150 THEN now() END, CASE WHEN i % 200 = 150 THEN $1 END, CASE WHEN i % 200 = 150 THEN 'Resolved' END
       FROM generate_series($2::int, $3::int) AS i WHERE i % 50 = 0`,
      [recorderId, civFrom, civTo]
    )
  }
  await client.query(
    `INSERT INTO markers (id, reference, type, vehicle_id, reason, issued_by, created_at, cleared_at, cleared_by, clear_reason)
     SELECT 'bench-mrk-veh-' || i, 'MRK-2' || lpad(i::text, 9, '0'), CASE WHEN i % 100 = 0 THEN 'STOLEN_VEHICLE' ELSE 'VEHICLE_BOLO' END,
            'bench-veh-' || i, 'Seen', $1, now(),
            CASE WHEN i % 200 = 50 THEN now() END, CASE WHEN i % 200 = 50 THEN $1 END, CASE WHEN i % 200 = 50 THEN 'Found' END
     FROM generate_series($2::int, $3::int) AS i WHERE i % 50 = 0`,
    [recorderId, vehFrom, vehTo]
  )
  await client.query("ANALYZE pnc_records, warrants, markers")
}
