/** How the portal writes what the API answers: a fine in pounds, a calendar date in words. */

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" })
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })

/** A fine (pounds, at most two decimal places): `£1,250.00`. */
export const formatFine = (amount: number): string => pounds.format(amount)

/** A calendar date (`YYYY-MM-DD`) as people write it: `4 March 2028`. */
export const formatDate = (date: string): string => longDate.format(new Date(`${date}T00:00:00Z`))
