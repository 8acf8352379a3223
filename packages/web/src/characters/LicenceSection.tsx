import type { LicenceCategory } from "@bluelight/core/civilians"
import { DateTime } from "effect"
import { useId, useState } from "react"
import { ApiFailure } from "../api/failure.js"
import { characters as words } from "../strings/index.js"
import { FieldProblems, FormProblem, problemsAt } from "../ui/FieldProblems.js"
import { Day } from "./Day.js"
import { formatDate } from "./format.js"
import { LicenceBadge } from "./LicenceBadge.js"
import { LICENCE_CATEGORIES, licenceAge, mayHoldDocuments } from "./licenceAge.js"
import { type Character, useApplyForLicence } from "./queries.js"

type HolderLicence = NonNullable<Character["licence"]>

/** The age rule, worked out from the date of birth and said before applying: the age today, and the categories too young for. */
const AgeRule = ({ id, dateOfBirth }: { readonly id: string; readonly dateOfBirth: string }) => {
  const rule = licenceAge(dateOfBirth, DateTime.nowUnsafe())
  const tooYoung = rule.tooYoungFor.length > 0
  return (
    <p id={id} className={tooYoung ? "chars-rule chars-rule-refused" : "chars-rule"}>
      {words.ageToday(rule.age)} {tooYoung
        ? words.tooYoung(rule.tooYoungFor.map((category) => words.categoryWords[category]), rule.minimum, formatDate(rule.oldEnoughOn))
        : words.oldEnough(rule.minimum)}
    </p>
  )
}

/** Applying: the categories as checkboxes, the age rule said above them, the API's refusal shown at the categories. */
const ApplyForm = ({ character, apply }: { readonly character: Character; readonly apply: ReturnType<typeof useApplyForLicence> }) => {
  const [chosen, setChosen] = useState<ReadonlyArray<LicenceCategory>>(["B"])
  const ids = { title: useId(), rule: useId(), problems: useId() }
  const failure = apply.error instanceof ApiFailure ? apply.error : null
  const tooYoung = licenceAge(character.dateOfBirth, DateTime.nowUnsafe()).tooYoungFor.length > 0
  const invalid = problemsAt(failure, "categories").length > 0
  return (
    <form
      className="chars-form"
      aria-labelledby={ids.title}
      onSubmit={(event) => {
        event.preventDefault()
        apply.mutate(chosen)
      }}
    >
      <h3 id={ids.title}>{words.applyTitle}</h3>
      <AgeRule id={ids.rule} dateOfBirth={character.dateOfBirth} />
      <FormProblem failure={apply.error} shownFields={["categories"]} />
      <fieldset aria-describedby={invalid ? `${ids.rule} ${ids.problems}` : ids.rule} aria-invalid={invalid || undefined}>
        <legend>{words.categories}</legend>
        <div className="chars-checks">
          {LICENCE_CATEGORIES.map((category) => (
            <label key={category} className="chars-check">
              <input
                type="checkbox"
                checked={chosen.includes(category)}
                onChange={(event) => setChosen(event.target.checked ? [...chosen, category].sort() : chosen.filter((each) => each !== category))}
              />
              {words.categoryWords[category]}
            </label>
          ))}
        </div>
        <FieldProblems id={ids.problems} failure={failure} path={["categories"]} />
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary" disabled={apply.isPending || chosen.length === 0 || tooYoung} aria-describedby={ids.rule}>
          {apply.isPending ? words.applying : words.apply}
        </button>
      </div>
    </form>
  )
}

const Endorsements = ({ licence }: { readonly licence: HolderLicence }) =>
  licence.endorsements.length === 0 ? <p className="muted">{words.noEndorsements}</p> : (
    <table className="chars-table">
      <caption className="chars-caption">{words.endorsements}</caption>
      <thead>
        <tr>
          <th scope="col">{words.endorsementColumns.code}</th>
          <th scope="col">{words.endorsementColumns.reason}</th>
          <th scope="col">{words.endorsementColumns.points}</th>
          <th scope="col">{words.endorsementColumns.createdAt}</th>
          <th scope="col">{words.endorsementColumns.expiresAt}</th>
          <th scope="col">{words.endorsementColumns.state}</th>
        </tr>
      </thead>
      <tbody>
        {licence.endorsements.map((endorsement) => (
          <tr key={endorsement.id}>
            <td className="chars-mono">{endorsement.code}</td>
            <td>{endorsement.reason}</td>
            <td>{endorsement.points}</td>
            <td>
              <Day at={endorsement.createdAt} />
            </td>
            <td>{endorsement.expiresAt === null ? words.never : <Day at={endorsement.expiresAt} />}</td>
            <td>
              <span className={`badge ${endorsement.active ? "warn" : "muted"}`}>{endorsement.active ? words.endorsementActive : words.endorsementSpent}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )

/** The holder's view of the licence: number, status, categories, points, dates, the suspension and the endorsements. */
const HeldLicence = ({ licence }: { readonly licence: HolderLicence }) => (
  <>
    <dl className="facts">
      <dt>{words.licenceNumber}</dt>
      <dd className="chars-mono">{licence.number}</dd>
      <dt>{words.licenceStatus}</dt>
      <dd>
        <LicenceBadge status={licence.status} />
      </dd>
      <dt>{words.categories}</dt>
      <dd>{licence.categories.map((category) => words.categoryWords[category]).join(", ")}</dd>
      <dt>{words.points}</dt>
      <dd>{licence.points}</dd>
      <dt>{words.issuedAt}</dt>
      <dd>
        <Day at={licence.issuedAt} />
      </dd>
      <dt>{words.expiresAt}</dt>
      <dd>
        <Day at={licence.expiresAt} />
      </dd>
      {licence.status === "SUSPENDED" && (
        <>
          <dt>{words.suspendedUntil}</dt>
          <dd>{licence.suspendedUntil === null ? words.suspendedIndefinitely : <Day at={licence.suspendedUntil} withTime />}</dd>
          <dt>{words.suspensionReason}</dt>
          <dd>{licence.suspensionReason === null ? words.notStated : words.suspensionReasons[licence.suspensionReason] ?? licence.suspensionReason}</dd>
        </>
      )}
    </dl>
    <h3>{words.endorsements}</h3>
    <Endorsements licence={licence} />
  </>
)

/**
 * The driving licence: the holder's view once issued; before that, the application (for an active
 * character). A refusal because a licence was issued meanwhile stays said above the licence as it now is.
 */
export const LicenceSection = ({ character }: { readonly character: Character }) => {
  const apply = useApplyForLicence(character.id)
  return (
    <section className="panel chars-section" aria-labelledby="chars-licence">
      <h2 id="chars-licence">{words.licence}</h2>
      <div className="chars-live" aria-live="polite">
        {character.licence !== null ? (
          <>
            <FormProblem failure={apply.error} />
            <HeldLicence licence={character.licence} />
          </>
        ) : (
          <>
            <p className="muted">{words.licenceNone}</p>
            {mayHoldDocuments(character.status) ? <ApplyForm character={character} apply={apply} />
              : <p className="chars-locked">{words.notActiveForLicence(words.statuses[character.status])}</p>}
          </>
        )}
      </div>
    </section>
  )
}
