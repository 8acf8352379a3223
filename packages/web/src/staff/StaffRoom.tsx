import type { Me } from "../app/session.js"
import { staff as words } from "../strings/index.js"

/** SCAFFOLD: replaced by the room's own page. */
const StaffRoom = (_: { readonly me: Me }) => <h1>{words.title}</h1>

export default StaffRoom
