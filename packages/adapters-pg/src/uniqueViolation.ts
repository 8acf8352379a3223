import type { SqlError } from "@effect/sql"

/**
 * True for a unique-key violation of the named constraint (SQLSTATE 23505):
 * the database settling a race that a check before the write cannot.
 */
export const violates = (constraint: string) => (error: SqlError.SqlError): boolean => {
  const cause = error.cause as { readonly code?: unknown; readonly constraint?: unknown } | null
  return typeof cause === "object" && cause !== null && cause.code === "23505" && cause.constraint === constraint
}
