// Every word the app shows, English (UK), in one place: one file per room.
export { control } from "./control.js"
export { shell } from "./shell.js"
