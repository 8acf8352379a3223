import { useState } from "react"
import { Link } from "wouter"
import { characters as words } from "../strings/index.js"
import { formatDate } from "./format.js"
import { LicenceBadge } from "./LicenceBadge.js"
import { PAGE_SIZE, useCharacterList } from "./queries.js"
import { StatusBadge } from "./StatusBadge.js"

/** `/characters`: my characters, newest first, each a link to its own page; a new one from here. */
export const CharacterList = ({ mayCreate }: { readonly mayCreate: boolean }) => {
  const [offset, setOffset] = useState(0)
  const list = useCharacterList(offset)
  const rows = list.data?.data ?? []
  return (
    <section className="chars-page" aria-labelledby="chars-title">
      <header className="chars-head">
        <h1 id="chars-title">{words.title}</h1>
        {mayCreate && <Link href="/new" className="button primary">{words.newCharacter}</Link>}
      </header>
      <p className="muted">{words.lead}</p>
      <div className="chars-live" aria-live="polite">
        {list.error !== null ? <p role="alert" className="form-problem">{list.error.message}</p>
          : list.data === undefined ? <p className="muted" role="status">{words.loading}</p>
          : rows.length === 0 && offset === 0 ? <p>{words.none}</p>
          : (
            <table className="chars-table chars-list">
              <caption className="chars-caption">{words.listLabel}</caption>
              <thead>
                <tr>
                  <th scope="col">{words.columns.name}</th>
                  <th scope="col">{words.columns.reference}</th>
                  <th scope="col">{words.columns.dateOfBirth}</th>
                  <th scope="col">{words.columns.status}</th>
                  <th scope="col">{words.columns.licence}</th>
                  <th scope="col">{words.columns.vehicles}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((character) => (
                  <tr key={character.id}>
                    <th scope="row">
                      <Link href={`/${character.id}`}>{character.fullName}</Link>
                    </th>
                    <td className="chars-mono">{character.reference}</td>
                    <td>{formatDate(character.dateOfBirth)}</td>
                    <td>
                      <StatusBadge status={character.status} />
                    </td>
                    <td>{character.licence === null ? words.noLicence : <LicenceBadge status={character.licence.status} />}</td>
                    <td>{character.vehicles.length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
      </div>
      {(offset > 0 || list.data?.meta.hasMore === true) && (
        <nav className="actions" aria-label={words.pageOf(offset + 1, offset + rows.length)}>
          <button type="button" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>{words.previousPage}</button>
          <button type="button" disabled={list.data?.meta.hasMore !== true} onClick={() => setOffset(offset + PAGE_SIZE)}>{words.nextPage}</button>
        </nav>
      )}
    </section>
  )
}
