import { Link } from "wouter"
import { moderation as words } from "../strings/index.js"
import { Time } from "../ui/Time.js"
import { DeliveryState } from "./DeliveryState.js"
import type { ModerationActionData } from "./queries.js"

/** Warnings, kicks and bans as rows: when, what (linking to the action's page), whom, why, and the delivery in words. */
export const ActionsTable = ({ actions, caption, showTarget }: {
  readonly actions: ReadonlyArray<ModerationActionData>
  readonly caption: string
  readonly showTarget: boolean
}) =>
  actions.length === 0 ? <p className="muted">{words.noActions}</p> : (
    <div className="table-scroll">
      <table className="dense">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{words.colAt}</th>
            <th scope="col">{words.colType}</th>
            {showTarget && <th scope="col">{words.colTarget}</th>}
            <th scope="col">{words.colReason}</th>
            <th scope="col">{words.colDelivery}</th>
          </tr>
        </thead>
        <tbody>
          {actions.map((action) => (
            <tr key={action.id}>
              <td>
                <Time at={action.createdAt} />
              </td>
              <td>
                <Link href={`~/moderation/actions/${action.id}`}>{words.kindNouns[action.type]}</Link>
              </td>
              {showTarget && (
                <td>
                  {action.targetUsername ?? "—"} <code className="muted small">{action.targetPlatformId}</code>
                </td>
              )}
              <td className="reason">{action.reason}</td>
              <td>
                <DeliveryState action={action} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
