/** The Sessions room's words. English (UK). */
export const sessions = {
  title: "Sessions"
}
