import { SqlClient } from "effect/sql"
import { callsignKey } from "@bluelight/core/cad"
import { BUILT_IN_ROLE_IDS, roleNameKey } from "@bluelight/core/identity"
import { Effect } from "effect"

/**
 * Role names and callsigns compare by core's folded keys (`roleNameKey`,
 * `callsignKey`: the kernel's `foldedKey`), so look-alikes are the same name.
 *
 * `roles.name_key` is rewritten with the new key; `cad_units` gains
 * `callsign_key`, and `cad_units_callsign_key` (which was on
 * `lower(callsign)`) becomes the unique index on it. The keys are computed
 * here by core, as the repositories write them.
 *
 * Rows stored before may now clash (a role `Аdministrator` with a Cyrillic `А`
 * beside the built-in one, `LK5OC` beside `LK5OC` and a zero-width space).
 * The migration must not fail on them, and nothing is renamed behind anyone's
 * back: the first holder keeps the plain key (the built-in roles, then the
 * oldest), each later one is stored with a key no name folds to (the key, U+001F
 * and its id; a folded key never holds a control character). That row still
 * reads and works; no new name can take its key, and renaming it gives it a
 * plain key again. Each such row is logged.
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
  // Through keys no name has, so no row meets another's old key on the way.
  yield* sql`UPDATE roles SET name_key = E'\\x1f' || id`
  yield* sql`
    UPDATE roles r SET name_key = k.key
    FROM unnest(${roleKeys.ids}::text[], ${roleKeys.keys}::text[]) AS k(id, key)
    WHERE r.id = k.id`
  for (const id of roleKeys.clashes) yield* Effect.logWarning(`0011: role ${id} has a name that looks like an earlier role's; kept under a distinct key`)

  const units = yield* sql<{ readonly id: string; readonly callsign: string }>`
    SELECT id, callsign FROM cad_units ORDER BY created_at, id COLLATE "C"`
  const unitKeys = distinctKeys(units.map((unit) => ({ id: unit.id, key: callsignKey(unit.callsign) })))
  yield* sql`ALTER TABLE cad_units ADD COLUMN callsign_key text`
  yield* sql`
    UPDATE cad_units u SET callsign_key = k.key
    FROM unnest(${unitKeys.ids}::text[], ${unitKeys.keys}::text[]) AS k(id, key)
    WHERE u.id = k.id`
  yield* sql`ALTER TABLE cad_units ALTER COLUMN callsign_key SET NOT NULL`
  yield* sql`DROP INDEX cad_units_callsign_key`
  yield* sql`CREATE UNIQUE INDEX cad_units_callsign_key ON cad_units (callsign_key)`
  for (const id of unitKeys.clashes) yield* Effect.logWarning(`0011: unit ${id} has a callsign that looks like an earlier unit's; kept under a distinct key`)
})
