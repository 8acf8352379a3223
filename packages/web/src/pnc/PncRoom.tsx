import type { Me } from "../app/session.js"
import { pnc as words } from "../strings/index.js"

/** SCAFFOLD: replaced by the room's own page. */
const PncRoom = (_: { readonly me: Me }) => <h1>{words.title}</h1>

export default PncRoom
