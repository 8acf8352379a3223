/**
 * Times as the forms take them (`datetime-local`: the browser's own zone, no seconds) and as the API
 * does (ISO 8601 in UTC). A blank field is no time; one that is no time at all goes as typed, so the
 * body's check names it.
 */
export const isoOf = (local: string): string | undefined => {
  if (local.trim() === "") return undefined
  const date = new Date(local)
  return Number.isNaN(date.getTime()) ? local : date.toISOString()
}

const two = (n: number) => String(n).padStart(2, "0")

/** `at` as a `datetime-local` value in the browser's zone (`2026-12-08T21:15`). */
export const localOf = (at: Date): string => `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`

/** `{ [key]: iso }` when the field holds a time, else nothing: optional times are left out of a body. */
export const optionalTime = <K extends string>(key: K, local: string): { [P in K]?: string } => {
  const iso = isoOf(local)
  return (iso === undefined ? {} : { [key]: iso }) as { [P in K]?: string }
}

/** `{ [key]: text }` when the field holds text, else nothing. */
export const optionalText = <K extends string>(key: K, text: string): { [P in K]?: string } =>
  (text.trim() === "" ? {} : { [key]: text }) as { [P in K]?: string }

/** A number as typed (`""` is none; anything else goes as a number, `NaN` included, for the check to name). */
export const optionalNumber = <K extends string>(key: K, text: string): { [P in K]?: number } =>
  (text.trim() === "" ? {} : { [key]: Number(text) }) as { [P in K]?: number }
