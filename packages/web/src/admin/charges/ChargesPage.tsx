import type { Me } from "../../app/session.js"
import { admin as words } from "../../strings/index.js"

/** SCAFFOLD: replaced by the section's own page. */
const ChargesPage = (_: { readonly me: Me }) => <h2>{words.charges}</h2>

export default ChargesPage
