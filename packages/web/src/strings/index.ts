// Every word the app shows, English (UK), in one place: one file per room.
export { shell } from "./shell.js"
export { control } from "./control.js"
