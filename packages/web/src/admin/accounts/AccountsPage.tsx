import type { Me } from "../../app/session.js"
import { admin as words } from "../../strings/index.js"

/** SCAFFOLD: replaced by the section's own page. */
const AccountsPage = (_: { readonly me: Me }) => <h2>{words.accounts}</h2>

export default AccountsPage
