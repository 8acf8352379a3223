/*
 * Fines in pounds, as a person reads and types them, and as the API takes them: an amount in pounds
 * with at most two decimal places (whole pence, `fineMin` 12.5 is £12.50). Everything is worked in
 * whole pence, so that no binary fraction creeps into what is sent.
 */

/** The largest fine a charge can carry, in pounds (the API's rule). */
export const MAX_FINE_POUNDS = 1_000_000

/** "£1,250.50", "1250.5", "12" → whole pence; `null` when the text is not an amount of pounds and pence. */
export const penceFromText = (text: string): number | null => {
  const cleaned = text.trim().replace(/^£/u, "").replaceAll(",", "").trim()
  const match = /^(\d+)(?:\.(\d{1,2}))?$/u.exec(cleaned)
  if (match === null) return null
  const pounds = Number(match[1])
  const pence = Number((match[2] ?? "").padEnd(2, "0"))
  const total = pounds * 100 + pence
  return Number.isSafeInteger(total) ? total : null
}

/** Whole pence → the amount the API takes (pounds, two decimal places at most). */
export const amountOfPence = (pence: number): number => pence / 100

/** The API's amount in pounds → whole pence. */
export const penceOfAmount = (amount: number): number => Math.round(amount * 100)

/** The API's amount as typed into a field: "1250.50", "12" (no sign, no separators: it reads back as it is). */
export const textOfAmount = (amount: number): string => {
  const pence = penceOfAmount(amount)
  const pounds = Math.floor(pence / 100)
  const rest = pence % 100
  return rest === 0 ? String(pounds) : `${pounds}.${String(rest).padStart(2, "0")}`
}

const shown = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" })

/** The API's amount as shown: "£1,250.50" (a charge's fines, a record's fine). */
export const formatPounds = (amount: number): string => shown.format(penceOfAmount(amount) / 100)
