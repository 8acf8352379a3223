const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" })

/** A fine as people read it: `£1,250.00`. */
export const money = (amount: number): string => pounds.format(amount)
