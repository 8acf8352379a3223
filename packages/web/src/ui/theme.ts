/** Dark by default (a control room at night), light on request; the choice kept in this browser. */
export type Theme = "dark" | "light"

const KEY = "bluelight.theme"

export const storedTheme = (): Theme => (localStorage.getItem(KEY) === "light" ? "light" : "dark")

export const applyTheme = (theme: Theme): void => {
  document.documentElement.dataset["theme"] = theme
  localStorage.setItem(KEY, theme)
}
