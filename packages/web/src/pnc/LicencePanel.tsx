import type { Me } from "../app/session.js"
import { licenceWords, pnc as words } from "../strings/index.js"
import { Day } from "../ui/Day.js"
import { LicenceActions, RemoveEndorsement } from "./actions/LicenceActions.js"
import { pncAllows } from "./actions/permissions.js"
import { isTottingUp, suspensionText, tottingUpOf } from "./licenceText.js"
import { type PersonId, useHistory } from "./queries.js"
import type { OfficialPerson } from "./types.js"

type Licence = NonNullable<OfficialPerson["licence"]>
type Endorsement = Licence["endorsements"][number]

/** The points and threshold of an automatic suspension come from its history entry (the newest page of the person's history). */
const useTottingUp = (personId: PersonId, licence: Licence) => {
  const history = useHistory({ kind: "person", id: personId }, 0)
  return isTottingUp(licence) && history.data !== undefined ? tottingUpOf(history.data.entries) : null
}

/** Totting-up explained: the points and the threshold they reached. */
const TottingUpText = ({ personId, licence }: { readonly personId: PersonId; readonly licence: Licence }) => (
  <>{suspensionText(licence, useTottingUp(personId, licence))}</>
)

const Suspension = ({ personId, licence }: { readonly personId: PersonId; readonly licence: Licence }) => (
  <>
    <dt>{words.suspendedUntil}</dt>
    <dd>{licence.suspendedUntil === null ? words.suspendedIndefinitely : <Day at={licence.suspendedUntil} />}</dd>
    <dt>{words.suspensionReason}</dt>
    <dd>{isTottingUp(licence) ? <TottingUpText personId={personId} licence={licence} /> : suspensionText(licence, null) ?? words.notRecorded}</dd>
  </>
)

const EndorsementState = ({ endorsement }: { readonly endorsement: Endorsement }) => {
  if (endorsement.removedAt !== null) {
    return (
      <span>
        {words.removedBy(endorsement.removedBy?.displayName ?? words.notRecorded)}, <Day at={endorsement.removedAt} />
        {endorsement.removalReason === null ? "" : words.removedBecause(endorsement.removalReason)}
      </span>
    )
  }
  return endorsement.active ? <span className="badge danger">{words.endorsementActive}</span> : <span className="badge muted">{words.endorsementExpired}</span>
}

/** Every endorsement, removed ones struck through; with `acts`, Remove on each active one's row. */
const Endorsements = ({ licence, acts }: { readonly licence: Licence; readonly acts: boolean }) =>
  licence.endorsements.length === 0 ? <p className="muted">{words.noEndorsements}</p> : (
    <table className="pnc-endorsements">
      <caption>{words.endorsements}</caption>
      <thead>
        <tr>
          <th scope="col">{words.code}</th>
          <th scope="col">{words.points}</th>
          <th scope="col">{words.reason}</th>
          <th scope="col">{words.recorded}</th>
          <th scope="col">{words.expires}</th>
          <th scope="col">{words.state}</th>
          {acts && <th scope="col">{words.actions}</th>}
        </tr>
      </thead>
      <tbody>
        {licence.endorsements.map((endorsement) => (
          <tr key={endorsement.id} className={endorsement.removedAt === null ? undefined : "pnc-removed"}>
            <td>{endorsement.removedAt === null ? endorsement.code : <s>{endorsement.code}</s>}</td>
            <td>{endorsement.removedAt === null ? endorsement.points : <s>{endorsement.points}</s>}</td>
            <td>
              {endorsement.removedAt === null ? endorsement.reason : <s>{endorsement.reason}</s>}
              {endorsement.record !== null && <div className="muted">{words.fromRecord(endorsement.record.reference)}</div>}
            </td>
            <td>
              <Day at={endorsement.createdAt} /> <span className="muted">{words.recordedBy(endorsement.issuedBy.displayName)}</span>
            </td>
            <td>{endorsement.expiresAt === null ? words.none : <Day at={endorsement.expiresAt} />}</td>
            <td>
              <EndorsementState endorsement={endorsement} />
            </td>
            {acts && <td>{endorsement.active && <RemoveEndorsement licenceId={licence.id} endorsement={endorsement} />}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  )

/**
 * The person's driving licence: status (a suspension explained), categories, points, dates, and every
 * endorsement, removed ones struck through. For `pnc.licences.manage`, the licence's actions under its
 * facts and Remove on each active endorsement.
 */
export const LicencePanel = ({ personId, licence, me }: { readonly personId: PersonId; readonly licence: OfficialPerson["licence"]; readonly me: Me }) => {
  const acts = pncAllows(me.permissions).licences
  return (
    <section className="panel pnc-wide" aria-labelledby="pnc-licence">
      <h2 id="pnc-licence">{words.licence}</h2>
      {licence === null ? <p className="muted">{words.noLicence}</p> : (
        <div className="pnc-licence">
          <div className="pnc-licence-facts">
            <dl className="facts">
              <dt>{words.licenceNumber}</dt>
              <dd className="pnc-mono">{licence.number}</dd>
              <dt>{words.status}</dt>
              <dd>
                <span className={`badge ${licence.status === "VALID" ? "ok" : "danger"}`}>{licenceWords[licence.status]}</span>
              </dd>
              {licence.status === "SUSPENDED" && <Suspension personId={personId} licence={licence} />}
              <dt>{words.categories}</dt>
              <dd>{licence.categories.length === 0 ? words.none : licence.categories.join(", ")}</dd>
              <dt>{words.points}</dt>
              <dd>{licence.points}</dd>
              <dt>{words.issued}</dt>
              <dd>
                <Day at={licence.issuedAt} />
              </dd>
              <dt>{words.expires}</dt>
              <dd>
                <Day at={licence.expiresAt} />
              </dd>
            </dl>
            {acts && <LicenceActions licence={licence} />}
          </div>
          <div className="pnc-scroll">
            <Endorsements licence={licence} acts={acts} />
          </div>
        </div>
      )}
    </section>
  )
}
