// Every word the app shows, English (UK), in one place: one file per room.
export { licenceWords, markerWords, mdt, priorityWords, unitStatusWords, vehicleFlagWords } from "./mdt.js"
export { shell } from "./shell.js"
