import { Route, Switch } from "wouter"
import type { Me } from "../../app/session.js"
import { WebhookDetail } from "./WebhookDetail.js"
import { WebhookList } from "./WebhookList.js"
import "../integrations.css"

/** Administration's outbound webhooks (`/admin/webhooks`): the subscriptions, and each one's page (`/{id}`) with its delivery log. */
const WebhooksPage = (_: { readonly me: Me }) => (
  <Switch>
    <Route path="/:id">{(params) => <WebhookDetail id={params.id} />}</Route>
    <Route>
      <WebhookList />
    </Route>
  </Switch>
)

export default WebhooksPage
