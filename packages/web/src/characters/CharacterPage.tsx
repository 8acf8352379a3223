import { CivilianId } from "@bluelight/core/civilians"
import { Option, Schema } from "effect"
import { Link } from "wouter"
import { ApiFailure } from "../api/failure.js"
import { ProblemPage } from "../app/pages/ProblemPage.js"
import type { Me } from "../app/session.js"
import { characters as words } from "../strings/index.js"
import { DetailsSection } from "./DetailsSection.js"
import { LicenceSection } from "./LicenceSection.js"
import { useCharacter } from "./queries.js"
import { RecordsSection } from "./RecordsSection.js"
import { StatusBadge } from "./StatusBadge.js"
import { VehiclesSection } from "./VehiclesSection.js"

const decodeId = Schema.decodeUnknownOption(CivilianId)

/** A character the person cannot open (another member's, or none): the API's words as a page, a way back. */
export const CharacterNotFound = ({ message }: { readonly message?: string | undefined }) => (
  <ProblemPage title={words.notFoundTitle} lead={message ?? words.notFoundLead}>
    <Link href="/">{words.backToList}</Link>
  </ProblemPage>
)

const Character = ({ id, me }: { readonly id: CivilianId; readonly me: Me }) => {
  const character = useCharacter(id)
  if (character.error !== null) {
    const failure = character.error
    return failure instanceof ApiFailure && (failure.code === "NOT_FOUND" || failure.code === "FORBIDDEN")
      ? <CharacterNotFound message={failure.message} />
      : <p role="alert" className="form-problem">{failure.message}</p>
  }
  if (character.data === undefined) return <p className="muted" role="status">{words.loading}</p>
  const shown = character.data
  const manages = me.permissions.includes("civilians.manage")
  return (
    <article className="chars-page" aria-labelledby="chars-character-title">
      <p className="chars-back">
        <Link href="/">{words.backToList}</Link>
      </p>
      <header className="chars-head">
        <h1 id="chars-character-title">{shown.fullName}</h1>
        <span className="chars-mono" aria-label={`${words.reference} ${shown.reference}`}>{shown.reference}</span>
        <StatusBadge status={shown.status} />
      </header>
      <div className="chars-columns">
        <div className="chars-column">
          <DetailsSection character={shown} manages={manages} />
          <LicenceSection character={shown} />
        </div>
        <div className="chars-column">
          <VehiclesSection character={shown} />
        </div>
      </div>
      <RecordsSection records={shown.records} />
    </article>
  )
}

/** `/characters/:id`: one character as its owner sees it. An address that is no character of theirs says so. */
export const CharacterPage = ({ id, me }: { readonly id: string; readonly me: Me }) => {
  const decoded = decodeId(id)
  return Option.isSome(decoded) ? <Character key={decoded.value} id={decoded.value} me={me} /> : <CharacterNotFound />
}
