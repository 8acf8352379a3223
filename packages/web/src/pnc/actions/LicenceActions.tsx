import { call } from "../../api/client.js"
import { pncActions } from "../../strings/pncActions.js"
import { checkEndorsementRemoval, checkReinstatement, checkRevocation } from "./bodies.js"
import { AddEndorsement, ChangeLicence, type Licence, SuspendLicence } from "./LicenceForms.js"
import { ReasonAction } from "./ReasonAction.js"

const words = pncActions.licence
const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" })
type Endorsement = Licence["endorsements"][number]

/**
 * What may be done to a licence (`pnc.licences.manage`), as buttons: suspend a valid one, revoke one
 * not revoked or expired, reinstate a suspended or revoked one, renew or change it, endorse it. The
 * licence itself is shown by the page's `LicencePanel`, which puts these under its facts.
 */
export const LicenceActions = ({ licence }: { readonly licence: Pick<Licence, "id" | "status" | "categories"> }) => (
  <div className="actions">
    {licence.status === "VALID" && <SuspendLicence licence={licence} />}
    {licence.status !== "REVOKED" && licence.status !== "EXPIRED" && (
      <ReasonAction
        label={words.revoke}
        title={words.revokeTitle}
        submitLabel={words.revokeSubmit}
        tone="danger"
        check={checkRevocation}
        send={(body) => call((api) => api.pnc.revokeLicence({ params: { id: licence.id }, payload: body }))}
      />
    )}
    {(licence.status === "SUSPENDED" || licence.status === "REVOKED") && (
      <ReasonAction
        label={words.reinstate}
        title={words.reinstateTitle}
        submitLabel={words.reinstateSubmit}
        check={checkReinstatement}
        send={(body) => call((api) => api.pnc.reinstateLicence({ params: { id: licence.id }, payload: body }))}
      />
    )}
    <ChangeLicence licence={licence} />
    <AddEndorsement licence={licence} />
  </div>
)

/** An active endorsement removed, with a reason: the button named by its code and the day it was added (`Remove endorsement SP30 of 2 Dec 2026`). */
export const RemoveEndorsement = ({ licenceId, endorsement }: {
  readonly licenceId: Licence["id"]
  readonly endorsement: Pick<Endorsement, "id" | "code" | "createdAt">
}) => {
  const name = words.removeOf(endorsement.code, day.format(new Date(endorsement.createdAt.epochMilliseconds)))
  return (
    <ReasonAction
      label={words.remove}
      name={name}
      title={name}
      submitLabel={words.removeSubmit}
      check={checkEndorsementRemoval}
      send={(body) => call((api) => api.pnc.removeEndorsement({ params: { id: licenceId, endorsementId: endorsement.id }, payload: body }))}
    />
  )
}
