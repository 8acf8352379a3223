import type { Me } from "../app/session.js"
import { characters as words } from "../strings/index.js"

/** SCAFFOLD: replaced by the room's own page. */
const CharactersRoom = (_: { readonly me: Me }) => <h1>{words.title}</h1>

export default CharactersRoom
