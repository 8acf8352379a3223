const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" })

/** A fine as records hold it (whole pence) in pounds: 12550 → "£125.50". */
export const fineText = (pence: number): string => pounds.format(pence / 100)
