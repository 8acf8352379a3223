import type { AccountId, RoleId } from "@bluelight/core/identity"
import { useId, useState } from "react"
import { Link, useLocation } from "wouter"
import { ApiFailure } from "../api/failure.js"
import { staff as words } from "../strings/index.js"
import { FieldProblems, FormProblem, problemsAt } from "../ui/FieldProblems.js"
import { AccountPicker } from "./AccountPicker.js"
import { useRoleChoices, useStaffWrites } from "./queries.js"
import { RoleChecklist } from "./RoleChecklist.js"

/**
 * A staff profile for an account that has signed in (`staff.manage`): the account found by name with
 * `admin.manage` (the only account search the API has), else its id typed in; the roles to give.
 */
export const NewStaffProfile = ({ mayReadAccounts }: { readonly mayReadAccounts: boolean }) => {
  const ids = { title: useId(), account: useId(), accountProblems: useId(), roleProblems: useId() }
  const [, navigate] = useLocation()
  const [accountId, setAccountId] = useState("")
  const [roleIds, setRoleIds] = useState<ReadonlyArray<RoleId>>([])
  const [local, setLocal] = useState<Error | null>(null)
  const { create } = useStaffWrites()
  const choices = useRoleChoices(mayReadAccounts)
  const failure = local ?? create.error
  const apiFailure = create.error instanceof ApiFailure ? create.error : null
  const accountInvalid = problemsAt(apiFailure, "accountId").length > 0
  return (
    <section aria-labelledby={ids.title} className="panel staff-form">
      <h2 id={ids.title}>{words.newProfile}</h2>
      <p className="muted">{words.newProfileLead}</p>
      <form
        aria-labelledby={ids.title}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (accountId.trim() === "") return setLocal(new Error(words.pickAccountFirst))
          setLocal(null)
          create.mutate({ accountId: accountId.trim() as AccountId, roleIds }, { onSuccess: (member) => navigate(`/profiles/${member.id}`) })
        }}
      >
        <FormProblem failure={failure} shownFields={["accountId", "roleIds"]} />
        {mayReadAccounts
          ? <AccountPicker chosen={accountId} onChoose={setAccountId} problemsId={ids.accountProblems} invalid={accountInvalid} />
          : (
            <div className="field">
              <label htmlFor={ids.account}>{words.accountId}</label>
              <input
                id={ids.account}
                value={accountId}
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                aria-invalid={accountInvalid || undefined}
                aria-describedby={accountInvalid ? `${ids.account}-hint ${ids.accountProblems}` : `${ids.account}-hint`}
                onChange={(event) => setAccountId(event.target.value)}
              />
              <p id={`${ids.account}-hint`} className="muted">{words.accountIdHint}</p>
            </div>
          )}
        <FieldProblems id={ids.accountProblems} failure={apiFailure} path={["accountId"]} />
        {choices.error !== null && <p role="alert" className="form-problem">{choices.error.message}</p>}
        <RoleChecklist
          choices={choices.roles}
          fromAdmin={mayReadAccounts}
          chosen={roleIds}
          onChange={setRoleIds}
          failure={apiFailure}
          problemsId={ids.roleProblems}
        />
        <div className="actions">
          <button type="submit" className="primary" disabled={create.isPending}>{create.isPending ? words.creating : words.create}</button>
          <Link href="/" className="button">{words.cancel}</Link>
        </div>
      </form>
    </section>
  )
}
