export { PgModerationActions } from "./PgModerationActions.js"
