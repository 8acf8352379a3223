// Every word the app shows, English (UK), in one place: one file per room.
export { control } from "./control.js"
export { mdt } from "./mdt.js"
export { shell } from "./shell.js"
