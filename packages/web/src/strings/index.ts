// Every word the app shows, English (UK), in one place: one file per room, and CAD's shared words.
export { priorityWords, unitStatusWords } from "./cad.js"
export { control } from "./control.js"
export { licenceWords, markerWords, mdt, vehicleFlagWords } from "./mdt.js"
export { shell } from "./shell.js"
