/** The Staff room's words. English (UK). */
export const staff = {
  title: "Staff"
}
