import { call } from "../../api/client.js"
import { pncActions } from "../../strings/pncActions.js"
import { Time } from "../../ui/Time.js"
import { checkEndorsementRemoval, checkReinstatement, checkRevocation } from "./bodies.js"
import { AddEndorsement, ChangeLicence, type Licence, SuspendLicence } from "./LicenceForms.js"
import { Day } from "../../ui/Day.js"
import { ReasonAction } from "./ReasonAction.js"

const words = pncActions.licence
const STATUS_TONE = { VALID: "ok", EXPIRED: "warn", SUSPENDED: "danger", REVOKED: "danger" } as const
const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" })
type Endorsement = Licence["endorsements"][number]

const endorsementState = (endorsement: Endorsement) =>
  endorsement.removedAt !== null ? words.removed : endorsement.active ? words.active : words.expired

/**
 * A licence as the officer acts on it (`pnc.licences.manage`): its status (why it is suspended,
 * until when), points and categories; suspend, revoke, reinstate, renew or change, endorse; and
 * every endorsement, removed ones too, each active one with Remove.
 */
export const LicenceActions = ({ licence }: { readonly licence: Licence }) => (
  <div className="pnc-licence">
    <dl className="facts">
      <dt>{words.number}</dt>
      <dd>{licence.number}</dd>
      <dt>{words.status}</dt>
      <dd>
        <span className={`badge ${STATUS_TONE[licence.status]}`}>{words.statuses[licence.status]}</span>{" "}
        {licence.status === "SUSPENDED" && (licence.suspendedUntil === null ? words.indefinitely : (
          <>{words.until} <Day at={licence.suspendedUntil} withTime /></>
        ))}
      </dd>
      {licence.status === "SUSPENDED" && licence.suspensionReason !== null && (
        <>
          <dt>{words.suspensionReason}</dt>
          <dd>{licence.suspensionReason === "TOTTING_UP" ? words.tottingUp : licence.suspensionReason}</dd>
        </>
      )}
      <dt>{words.points}</dt>
      <dd>{licence.points}</dd>
      <dt>{words.categories}</dt>
      <dd>{licence.categories.join(", ")}</dd>
      <dt>{words.expires}</dt>
      <dd><Day at={licence.expiresAt} withTime /></dd>
    </dl>
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
    <h4>{words.endorsements}</h4>
    {licence.endorsements.length === 0 ? <p className="muted">{words.noEndorsements}</p> : (
      <table className="pnc-table">
        <thead>
          <tr>
            <th scope="col">{words.code}</th>
            <th scope="col">{words.endorsementPoints}</th>
            <th scope="col">{pncActions.reason}</th>
            <th scope="col">{words.added}</th>
            <th scope="col">{words.record}</th>
            <th scope="col">{words.state}</th>
            <td />
          </tr>
        </thead>
        <tbody>
          {licence.endorsements.map((endorsement) => (
            <tr key={endorsement.id}>
              <th scope="row">{endorsement.code}</th>
              <td>{endorsement.points}</td>
              <td>
                {endorsement.reason}
                {endorsement.removalReason !== null && <span className="muted"> · {words.removed}: {endorsement.removalReason}</span>}
              </td>
              <td><Time at={endorsement.createdAt} /> {pncActions.by(endorsement.issuedBy.displayName)}</td>
              <td>{endorsement.record?.reference ?? "—"}</td>
              <td><span className={`badge ${endorsement.active ? "warn" : "muted"}`}>{endorsementState(endorsement)}</span></td>
              <td>
                {endorsement.active && (
                  <ReasonAction
                    label={words.remove}
                    name={words.removeOf(endorsement.code, day.format(new Date(endorsement.createdAt.epochMilliseconds)))}
                    title={words.removeOf(endorsement.code, day.format(new Date(endorsement.createdAt.epochMilliseconds)))}
                    submitLabel={words.removeSubmit}
                    check={checkEndorsementRemoval}
                    send={(body) =>
                      call((api) => api.pnc.removeEndorsement({ params: { id: licence.id, endorsementId: endorsement.id }, payload: body }))}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    )}
  </div>
)
