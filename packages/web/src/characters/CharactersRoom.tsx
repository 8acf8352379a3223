/**
 * The civilian portal, My characters (`civilians.manage_own`, `civilians.create`: every member).
 *
 * Names the browser tests rely on (roles and accessible names; keep them exactly):
 * - `/`: heading "My characters", link "New character", table "Your characters" (a character's name links to its page).
 * - `/new`: heading "New character", form "New character" with "Full name", "Date of birth", "Gender",
 *   "Address" and the optional fields; button "Create character".
 * - `/:id`: heading the character's name; regions "Details" (button "Edit details", form "Edit details",
 *   "Save changes"), "Driving licence" (form "Apply for a licence": the age rule said above group
 *   "Categories" of checkboxes, button "Apply for licence"; then "Licence number", "Points", table
 *   "Endorsements"), "Vehicles" (table "Vehicles", a row's button "Transfer <plate>" opening the dialog
 *   "Transfer <plate> to another character"; form "Register a vehicle", button "Register vehicle"),
 *   "My disclosed records" (table "My disclosed records"). Not the person's: heading "Character not found".
 */
import { Route, Switch } from "wouter"
import type { Me } from "../app/session.js"
import { CharacterList } from "./CharacterList.js"
import { CharacterNotFound, CharacterPage } from "./CharacterPage.js"
import "./characters.css"
import { NewCharacter } from "./NewCharacter.js"

const CharactersRoom = ({ me }: { readonly me: Me }) => {
  const mayCreate = me.permissions.includes("civilians.create")
  return (
    <div className="chars">
      <Switch>
        <Route path="/">
          <CharacterList mayCreate={mayCreate} />
        </Route>
        {mayCreate && (
          <Route path="/new">
            <NewCharacter />
          </Route>
        )}
        <Route path="/:id">{(params) => <CharacterPage id={params.id} me={me} />}</Route>
        <Route>
          <CharacterNotFound />
        </Route>
      </Switch>
    </div>
  )
}

export default CharactersRoom
