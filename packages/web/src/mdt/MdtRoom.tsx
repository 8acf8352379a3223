import type { Me } from "../app/session.js"

/** The crews' MDT (built in its own module). */
export default function MdtRoom(_: { readonly me: Me }) {
  return <h1>MDT</h1>
}
