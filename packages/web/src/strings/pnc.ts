/** The PNC room's words. English (UK). */
export const pnc = {
  title: "PNC"
}
