import { SqlClient } from "effect/sql"
import { AccessChanges, type AccessSubject, AccountId, ServiceCredentialId } from "@bluelight/core/identity"
import { Effect, Layer } from "effect"

/** The most changes read one by one; a reader further behind gets one change for everyone. */
const MOST = 500

interface ChangeRow {
  readonly latest: bigint
  readonly kind: string | null
  readonly subject_id: string | null
}

const subjectOf = (row: ChangeRow): AccessSubject | null => {
  if (row.kind === null) return null
  if (row.kind === "account" && row.subject_id !== null) return { _tag: "Account", id: AccountId.make(row.subject_id) }
  if (row.kind === "credential" && row.subject_id !== null) return { _tag: "Credential", id: ServiceCredentialId.make(row.subject_id) }
  return { _tag: "Everyone" }
}

/**
 * The access change log of migration 0010, written by triggers at commit in
 * epoch order. One query: the counter and, when few enough, the changes after
 * `after` up to it (read in one snapshot, so none past the counter).
 */
export const PgAccessChanges = Layer.effect(
  AccessChanges,
  SqlClient.SqlClient.useSync((client) => {
    const sql = client.withoutTransforms()
    return {
      latest: sql<{ readonly epoch: bigint }>`SELECT epoch FROM access_epoch`.pipe(
        Effect.map((rows) => Number(rows[0]?.epoch ?? 0)),
        Effect.orDie
      ),
      since: (after: number) =>
        sql<ChangeRow>`
          SELECT e.epoch AS latest, c.kind, c.subject_id
          FROM access_epoch e
          LEFT JOIN LATERAL (
            SELECT kind, subject_id FROM access_changes
            WHERE epoch > ${after} AND epoch <= e.epoch AND e.epoch - ${after} <= ${MOST}
            ORDER BY epoch
          ) c ON true`.pipe(
          Effect.map((rows) => {
            const latest = Number(rows[0]?.latest ?? after)
            if (latest <= after) return { epoch: latest, subjects: [] }
            if (latest - after > MOST) return { epoch: latest, subjects: [{ _tag: "Everyone" as const }] }
            return { epoch: latest, subjects: rows.flatMap((row) => subjectOf(row) ?? []) }
          }),
          Effect.orDie
        )
    }
  })
)
