import { Route, Switch } from "wouter"
import type { Me } from "../../app/session.js"
import { AccountDetail } from "./AccountDetail.js"
import { AccountList } from "./AccountList.js"

/** Accounts (`/admin/accounts`) and each account's page of its own (`/admin/accounts/{id}`). */
const AccountsPage = ({ me }: { readonly me: Me }) => (
  <Switch>
    <Route path="/:id">{(params) => <AccountDetail key={params.id} id={params.id} me={me} />}</Route>
    <Route>
      <AccountList />
    </Route>
  </Switch>
)

export default AccountsPage
