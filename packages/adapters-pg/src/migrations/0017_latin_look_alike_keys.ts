import { SqlClient } from "effect/sql"
import { callsignKey } from "@bluelight/core/cad"
import { BUILT_IN_ROLE_IDS, roleNameKey } from "@bluelight/core/identity"
import { Effect } from "effect"

/**
 * The folded keys again, after the kernel's look-alike table gained Latin's
 * own look-alikes (`ɑ`, `ɡ`, `ɩ`, `ȷ`, `ǀ`, …; docs/decisions/identity.md,
 * "Role names that look alike"): `roles.name_key` and `cad_units.callsign_key`
 * are recomputed by core (`roleNameKey`, `callsignKey`), as the repositories
 * write them, so a name stored with one of those letters is found by, and
 * clashes with, the name it passes for.
 *
 * As 0011 does, and for the same reasons: rows that now clash are not
 * renamed and the migration does not fail on them; the first holder keeps
 * the plain key (the built-in roles, then by id; units oldest first), each
 * later one is stored under a key no name folds to (the key, U+001F and its
 * id), and is logged. Keys go through `U+001F || id` first, so no row meets
 * another's old key on the way. On a database 0011 keyed with this table
 * already (a fresh one), it changes nothing.
 */

interface Keyed {
  readonly id: string
  readonly key: string
}

/** Keys in order of precedence: a key already given to an earlier row is made distinct with the row's id. */
const distinctKeys = (rows: ReadonlyArray<Keyed>): { readonly ids: Array<string>; readonly keys: Array<string>; readonly clashes: Array<string> } => {
  const taken = new Set<string>()
  const ids: Array<string> = []
  const keys: Array<string> = []
  const clashes: Array<string> = []
  for (const row of rows) {
    const clash = taken.has(row.key)
    const key = clash ? `${row.key}\u001f${row.id}` : row.key
    if (clash) clashes.push(row.id)
    taken.add(key)
    ids.push(row.id)
    keys.push(key)
  }
  return { ids, keys, clashes }
}

export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const roles = yield* sql<{ readonly id: string; readonly name: string }>`
    SELECT id, name FROM roles
    ORDER BY array_position(${[...BUILT_IN_ROLE_IDS]}::text[], id) NULLS LAST, id COLLATE "C"`
  const roleKeys = distinctKeys(roles.map((role) => ({ id: role.id, key: roleNameKey(role.name) })))
  yield* sql`UPDATE roles SET name_key = E'\\x1f' || id`
  yield* sql`
    UPDATE roles r SET name_key = k.key
    FROM unnest(${roleKeys.ids}::text[], ${roleKeys.keys}::text[]) AS k(id, key)
    WHERE r.id = k.id`
  for (const id of roleKeys.clashes) yield* Effect.logWarning(`0017: role ${id} has a name that looks like an earlier role's; kept under a distinct key`)

  const units = yield* sql<{ readonly id: string; readonly callsign: string }>`
    SELECT id, callsign FROM cad_units ORDER BY created_at, id COLLATE "C"`
  const unitKeys = distinctKeys(units.map((unit) => ({ id: unit.id, key: callsignKey(unit.callsign) })))
  yield* sql`UPDATE cad_units SET callsign_key = E'\\x1f' || id`
  yield* sql`
    UPDATE cad_units u SET callsign_key = k.key
    FROM unnest(${unitKeys.ids}::text[], ${unitKeys.keys}::text[]) AS k(id, key)
    WHERE u.id = k.id`
  for (const id of unitKeys.clashes) yield* Effect.logWarning(`0017: unit ${id} has a callsign that looks like an earlier unit's; kept under a distinct key`)
})
