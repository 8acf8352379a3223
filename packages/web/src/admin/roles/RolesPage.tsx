import type { Me } from "../../app/session.js"
import { admin as words } from "../../strings/index.js"

/** SCAFFOLD: replaced by the section's own page. */
const RolesPage = (_: { readonly me: Me }) => <h2>{words.roles}</h2>

export default RolesPage
