import { Route, Switch } from "wouter"
import type { Me } from "../../app/session.js"
import { ChargeDetail, NewCharge } from "./ChargeEditor.js"
import { ChargeList } from "./ChargeList.js"
import "../integrations.css"

/**
 * Administration's charges catalogue (`/admin/charges`): the list, a new charge (`/new`) and each
 * charge's page (`/{id}`). Reading the catalogue is `pnc.view`'s, writing it `admin.manage`'s.
 */
const ChargesPage = ({ me }: { readonly me: Me }) => (
  <Switch>
    <Route path="/new">
      <NewCharge />
    </Route>
    <Route path="/:id">{(params) => <ChargeDetail id={params.id} />}</Route>
    <Route>
      <ChargeList mayRead={me.permissions.includes("pnc.view")} />
    </Route>
  </Switch>
)

export default ChargesPage
