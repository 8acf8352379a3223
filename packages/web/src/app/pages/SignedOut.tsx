import { shell } from "../../strings/index.js"
import { signIn } from "../returnTo.js"
import { ProblemPage } from "./ProblemPage.js"

/** Not signed in (or the session ended): one button to the identity provider, coming back where they were. */
export const SignedOut = ({ ended }: { readonly ended: boolean }) => (
  <main className="centred">
    <ProblemPage title={ended ? shell.expiredTitle : shell.signedOutTitle} lead={ended ? shell.expiredLead : shell.signedOutLead}>
      <div className="actions">
        <button type="button" className="primary" onClick={signIn}>{ended ? shell.signInAgain : shell.signIn}</button>
        <a href="/api/docs">{shell.apiReference}</a>
      </div>
    </ProblemPage>
  </main>
)
