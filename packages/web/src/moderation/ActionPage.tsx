import { ModerationActionId } from "@bluelight/core/moderation"
import { Option, Schema } from "effect"
import { Link } from "wouter"
import type { Me } from "../app/session.js"
import { moderation as words } from "../strings/index.js"
import { Time } from "../ui/Time.js"
import { DeliveryState } from "./DeliveryState.js"
import { useAction } from "./queries.js"

const Action = ({ id, me }: { readonly id: ModerationActionId; readonly me: Me }) => {
  const action = useAction(id)
  if (action.error !== null) return <p role="alert" className="form-problem">{action.error.message}</p>
  if (action.data === undefined) return <p className="muted" role="status">{words.loading}</p>
  const data = action.data
  return (
    <article className="panel action-page" aria-labelledby="action-title">
      <h2 id="action-title">{words.actionTitle(data.type, data.targetUsername ?? data.targetPlatformId)}</h2>
      <dl className="facts">
        <dt>{words.outcome}</dt>
        <dd>
          <DeliveryState action={data} />
        </dd>
        <dt>{words.colTarget}</dt>
        <dd>
          {data.targetUsername ?? "—"}{" "}
          <Link href={`~/moderation/players/${encodeURIComponent(data.targetPlatformId)}`}>
            <code>{data.targetPlatformId}</code>
          </Link>
        </dd>
        <dt>{words.colReason}</dt>
        <dd>{data.reason}</dd>
        <dt>{words.evidenceShown}</dt>
        <dd className="evidence">{data.evidence ?? <span className="muted">{words.noEvidence}</span>}</dd>
        {data.moderatorId !== null && (
          <>
            <dt>{words.moderator}</dt>
            <dd>{data.moderatorId === me.id ? words.you(me.displayName) : <code>{words.accountId(data.moderatorId)}</code>}</dd>
          </>
        )}
        {data.serviceId !== null && (
          <>
            <dt>{words.serviceId}</dt>
            <dd>
              <code>{data.serviceId}</code>
            </dd>
          </>
        )}
        <dt>{words.created}</dt>
        <dd>
          <Time at={data.createdAt} />
        </dd>
        <dt>{words.updated}</dt>
        <dd>
          <Time at={data.updatedAt} />
        </dd>
      </dl>
    </article>
  )
}

/** `GET /moderation/actions/{id}`: one action at its own address, with its delivery as it stands. */
export const ActionPage = ({ id, me }: { readonly id: string; readonly me: Me }) => {
  const parsed = Schema.decodeUnknownOption(ModerationActionId)(id)
  return (
    <div className="stack">
      <p>
        <Link href="~/moderation/actions">{words.backToActions}</Link>
      </p>
      {Option.isSome(parsed) ? <Action id={parsed.value} me={me} /> : <p role="alert" className="form-problem">{words.notFound}</p>}
    </div>
  )
}
