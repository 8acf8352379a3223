import { findModerationAction, listModerationActions, moderate, type ModerationType, playerHistory } from "@bluelight/core/moderation"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { BluelightApi } from "@bluelight/api/Api.js"
import { CurrentCaller } from "@bluelight/api/auth/CurrentCaller.js"
import { presentAction } from "@bluelight/api/moderation/schemas.js"

interface ModerationCall {
  readonly headers: { readonly "idempotency-key": string }
  readonly payload: { readonly targetPlatformId: string; readonly reason: string; readonly evidence?: string | null | undefined }
}

/** One handler for the three actions: the caller, the key and the normalised body to `moderate`; `201` new, `200` replayed. */
const moderateAs = <Type extends ModerationType>(type: Type) => ({ headers, payload }: ModerationCall) =>
  CurrentCaller.use((caller) =>
    moderate(caller, type, headers["idempotency-key"], {
      targetPlatformId: payload.targetPlatformId,
      reason: payload.reason,
      evidence: payload.evidence === undefined || payload.evidence === "" ? null : payload.evidence
    })
  ).pipe(
    Effect.map(({ action, replayed }) =>
      replayed
        ? { data: presentAction(action), meta: { replayed: true as const } }
        : { data: presentAction(action), meta: { replayed: false as const } }
    )
  )

export const ModerationHandlers = HttpApiBuilder.group(BluelightApi, "moderation", (handlers) =>
  handlers
    .handle("warnPlayer", moderateAs("warn"))
    .handle("kickPlayer", moderateAs("kick"))
    .handle("banPlayer", moderateAs("ban"))
    .handle("listModerationActions", ({ query: { limit, offset, targetPlatformId, type } }) =>
      Effect.map(listModerationActions({ targetPlatformId, type }, { limit, offset }), (page) => ({
        data: page.items.map(presentAction),
        meta: page.meta
      })))
    .handle("getModerationAction", ({ params }) =>
      Effect.map(findModerationAction(params.id), (action) => ({ data: presentAction(action) })))
    .handle("playerHistory", ({ params, query }) =>
      Effect.map(playerHistory(params.platformId, query), (history) => ({
        data: {
          platformId: history.platformId,
          account: history.account === null ? null : { id: history.account.id, displayName: history.account.displayName },
          actions: history.actions.items.map(presentAction)
        },
        meta: history.actions.meta
      }))))
