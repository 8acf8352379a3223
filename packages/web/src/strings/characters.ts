/** The My characters room's words. English (UK). */
export const characters = {
  title: "My characters"
}
