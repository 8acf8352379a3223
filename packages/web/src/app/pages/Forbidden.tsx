import { Link } from "wouter"
import { shell } from "../../strings/index.js"
import { ProblemPage } from "./ProblemPage.js"

/**
 * A page the person's permissions do not open: the API's own `FORBIDDEN` message when it gave one.
 * It is shown inside a room's nested route, where `/` is the room's own root: `~/` is the app's.
 */
export const Forbidden = ({ message }: { readonly message?: string | undefined }) => (
  <ProblemPage title={shell.forbiddenTitle} lead={message ?? shell.forbiddenLead}>
    <Link href="~/">{shell.goHome}</Link>
  </ProblemPage>
)

export const NotFound = () => (
  <ProblemPage title={shell.notFoundTitle} lead={shell.notFoundLead}>
    <Link href="/">{shell.goHome}</Link>
  </ProblemPage>
)
