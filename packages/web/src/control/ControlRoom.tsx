import type { Me } from "../app/session.js"

/** Control's board (built in its own module). */
export default function ControlRoom(_: { readonly me: Me }) {
  return <h1>Control</h1>
}
