export * from "./app.js"
export * from "./config.js"
export * from "./database.js"
export * from "./inProcess.js"
