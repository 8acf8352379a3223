/** The Moderation room's words. English (UK). */
export const moderation = {
  title: "Moderation"
}
