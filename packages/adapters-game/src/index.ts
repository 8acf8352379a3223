export * from "./protocol.js"
