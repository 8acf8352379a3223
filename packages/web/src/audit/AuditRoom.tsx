import type { Me } from "../app/session.js"
import { audit as words } from "../strings/index.js"

/** SCAFFOLD: replaced by the room's own page. */
const AuditRoom = (_: { readonly me: Me }) => <h1>{words.title}</h1>

export default AuditRoom
