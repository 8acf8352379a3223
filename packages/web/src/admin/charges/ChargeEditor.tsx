import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useState } from "react"
import { Link, useLocation } from "wouter"
import { refusalAtField } from "../../api/refusalAtField.js"
import { adminIntegrations } from "../../strings/adminIntegrations.js"
import { FormProblem } from "../../ui/FieldProblems.js"
import { Time } from "../../ui/Time.js"
import { chargeBody, chargeChange, EMPTY_CHARGE, formOfCharge } from "./chargeForm.js"
import { ChargeForm } from "./ChargeForm.js"
import { ChargeStanding } from "./ChargeList.js"
import { type Charge, chargeKeys, changeCharge, createCharge, useCharge } from "./queries.js"

const words = adminIntegrations.charges

/** The refusals a charge's write answers with no `details`, each at the field it is about. */
const PLACES = { CHARGE_CODE_TAKEN: ["code"] }

/** What a history entry carries when a charge was just created, so its page can say so. */
interface CreatedState {
  readonly createdCode?: string
}

/** `/admin/charges/new`: a new charge; once created, its own page. */
export const NewCharge = () => {
  const queries = useQueryClient()
  const [, navigate] = useLocation()
  return (
    <section className="integr-section">
      <p>
        <Link href="/">{words.back}</Link>
      </p>
      <ChargeForm
        initial={EMPTY_CHARGE}
        heading={words.newCharge}
        submitLabel={words.createCharge}
        submit={async (fields) => {
          const read = chargeBody(fields)
          if ("failure" in read) return read.failure
          try {
            const charge = await createCharge(read.body)
            queries.setQueryData(chargeKeys.one(charge.id), charge)
            void queries.invalidateQueries({ queryKey: chargeKeys.all, exact: false, predicate: (query) => query.queryKey[2] === "list" })
            navigate(`/${charge.id}`, { state: { createdCode: charge.code } satisfies CreatedState })
            return null
          } catch (error) {
            return refusalAtField(error, PLACES)
          }
        }}
      />
    </section>
  )
}

/** The form of a charge as read: sends only what changed; the answer becomes what the page shows. */
const ChargeChanges = ({ charge }: { readonly charge: Charge }) => {
  const queries = useQueryClient()
  const [notice, setNotice] = useState("")
  const written = (changed: Charge, message: string) => {
    queries.setQueryData(chargeKeys.one(changed.id), changed)
    void queries.invalidateQueries({ queryKey: chargeKeys.all, predicate: (query) => query.queryKey[2] === "list" })
    setNotice(message)
  }
  const [standingFailure, setStandingFailure] = useState<Error | null>(null)
  return (
    <>
      <p role="status" className="integr-status">{notice}</p>
      <ChargeForm
        key={charge.updatedAt.toString()}
        initial={formOfCharge(charge)}
        heading={words.editHeading(charge.code)}
        submitLabel={adminIntegrations.save}
        submit={async (fields) => {
          setNotice("")
          const read = chargeBody(fields)
          if ("failure" in read) return read.failure
          try {
            written(await changeCharge(charge.id, chargeChange(charge, read.body)), adminIntegrations.saved)
            return null
          } catch (error) {
            return refusalAtField(error, PLACES)
          }
        }}
      >
        <button
          type="button"
          className={charge.active ? "danger" : undefined}
          onClick={() => {
            setStandingFailure(null)
            changeCharge(charge.id, { active: !charge.active }).then(
              (changed) => written(changed, changed.active ? words.restored(changed.code) : words.retired(changed.code)),
              (error: unknown) => setStandingFailure(error instanceof Error ? error : new Error(String(error)))
            )
          }}
        >
          {charge.active ? words.retire : words.restore}
        </button>
      </ChargeForm>
      <FormProblem failure={standingFailure} />
    </>
  )
}

/** `/admin/charges/{id}`: one charge, its standing and its form. */
export const ChargeDetail = ({ id }: { readonly id: string }) => {
  const charge = useCharge(id)
  // Said once: the entry's state is cleared, so a reload or a later visit does not say it again.
  const [created] = useState(() => (window.history.state as CreatedState | null)?.createdCode)
  useEffect(() => {
    if (created !== undefined) window.history.replaceState(null, "", window.location.href)
  }, [created])
  return (
    <section className="integr-section">
      <p>
        <Link href="/">{words.back}</Link>
      </p>
      {created !== undefined && <p className="badge ok integr-flash">{words.created(created)}</p>}
      {charge.isPending && <p className="muted" role="status">{adminIntegrations.loading}</p>}
      <FormProblem failure={charge.error} />
      {charge.data !== undefined && (
        <>
          <p className="integr-meta">
            <ChargeStanding charge={charge.data} /> <span className="muted">{words.lastChanged}</span> <Time at={charge.data.updatedAt} />
          </p>
          <ChargeChanges charge={charge.data} />
        </>
      )}
    </section>
  )
}
