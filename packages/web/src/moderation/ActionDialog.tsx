import { useQueryClient } from "@tanstack/react-query"
import { useMemo, useState } from "react"
import { Link } from "wouter"
import { moderation as words } from "../strings/index.js"
import { FormProblem } from "../ui/FieldProblems.js"
import { useFields } from "../ui/useFields.js"
import { closeModal, useModal } from "../ui/useModal.js"
import { afterFailure, type AttemptState, mayEdit, maySend, newIdempotencyKey } from "./attempt.js"
import { DeliveryState } from "./DeliveryState.js"
import { type ModerationActionData, moderationKeys, sendAction } from "./queries.js"
import { useCountdown } from "./useCountdown.js"

export type Kind = "warn" | "kick" | "ban"

export interface Target {
  readonly platformId: string
  readonly username: string
}

const SHOWN = ["reason", "evidence"]

/** What the dialog says about the attempt, announced as it changes. */
const AttemptNotice = (
  { state, kind, secondsLeft }: { readonly state: AttemptState<ModerationActionData>; readonly kind: Kind; readonly secondsLeft: number }
) => {
  switch (state._tag) {
    case "Editing":
      return <FormProblem failure={state.refusal} shownFields={SHOWN} />
    case "Sending":
      return <p role="status">{words.sending}</p>
    case "Lost":
      return <p role="alert" className="form-problem">{words.lost}</p>
    case "Throttled":
      return (
        <div role="status" className="notice-box warn">
          <p>{words.throttled(secondsLeft)}</p>
          <p className="small">{state.message}</p>
        </div>
      )
    case "Stored":
      return (
        <div role="status" className="outcome">
          <p>
            <strong>{words.stored(kind)}</strong> <DeliveryState action={state.action} />
          </p>
          {state.replayed && <p className="muted">{words.replayed}</p>}
          <p>
            <Link href={`~/moderation/actions/${state.action.id}`}>{words.openAction}</Link>
          </p>
        </div>
      )
  }
}

/**
 * A warning, kick or ban of one player: a dialog of its own, opened deliberately. Its
 * `Idempotency-Key` is made as it opens and kept for every send from it, so "Send again" after a
 * lost answer or a busy game server is the same action, never a second one; opening it again is a
 * new action with a new key. Once the action is stored its delivery is shown, and nothing sends it again.
 */
export const ActionDialog = ({ kind, target, onClose }: { readonly kind: Kind; readonly target: Target; readonly onClose: () => void }) => {
  const dialog = useModal()
  const [key] = useState(newIdempotencyKey)
  const [state, setState] = useState<AttemptState<ModerationActionData>>({ _tag: "Editing", refusal: null })
  const { id, fields, field, problems, setFailure } = useFields({ reason: "", evidence: "" })
  const queries = useQueryClient()
  const wait = useMemo(() => state._tag === "Throttled" ? { since: state.since, seconds: state.retryAfterSeconds } : null, [state])
  const secondsLeft = useCountdown(wait)
  const editable = mayEdit(state)
  const sendable = maySend(state, secondsLeft)
  const again = state._tag === "Lost" || state._tag === "Throttled"

  const send = () => {
    setState({ _tag: "Sending" })
    setFailure(null)
    sendAction(kind, key, { targetPlatformId: target.platformId, reason: fields.reason, evidence: fields.evidence }).then(
      ({ action, replayed }) => {
        setState({ _tag: "Stored", action, replayed })
        void queries.invalidateQueries({ queryKey: moderationKeys.all })
      },
      (error: unknown) => {
        const next = afterFailure<ModerationActionData>(error, Date.now())
        setState(next)
        // A refusal's field problems are shown beside the fields they name.
        setFailure(next._tag === "Editing" ? next.refusal : null)
      }
    )
  }

  const reason = field("reason")
  const title = `${id}-title`
  return (
    <dialog ref={dialog} aria-labelledby={title} className="action-dialog" onClose={onClose}>
      <form
        method="dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (sendable) send()
        }}
      >
        <h2 id={title}>{words.actOn(kind, target.username)}</h2>
        <p className="muted">{words.dialogLead(target.platformId)}</p>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{words.reason}</label>
          <input
            {...reason}
            aria-describedby={[`${id}-reason-hint`, reason["aria-describedby"]].filter((each) => each !== undefined).join(" ")}
            readOnly={!editable}
            maxLength={500}
            autoFocus
            required
          />
          <span id={`${id}-reason-hint`} className="muted small">{words.reasonHint}</span>
          {problems("reason")}
        </div>
        <div className="field">
          <label htmlFor={`${id}-evidence`}>{words.evidence}</label>
          <textarea {...field("evidence")} readOnly={!editable} rows={3} maxLength={2000} />
          {problems("evidence")}
        </div>
        {state._tag === "Lost" && <p className="muted small">{words.lockedFields}</p>}
        <div aria-live="polite">
          <AttemptNotice state={state} kind={kind} secondsLeft={secondsLeft} />
        </div>
        <div className="actions">
          {state._tag !== "Stored" && (
            <button type="submit" className={kind === "warn" ? "primary" : "danger"} disabled={!sendable}>
              {again ? words.sendAgain : words.send(kind)}
            </button>
          )}
          <button type="button" onClick={() => closeModal(dialog.current)}>{state._tag === "Stored" ? words.close : words.cancel}</button>
        </div>
      </form>
    </dialog>
  )
}
