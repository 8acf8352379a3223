/** The Audit log room's words. English (UK). */
export const audit = {
  title: "Audit log"
}
