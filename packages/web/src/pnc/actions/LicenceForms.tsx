import { call } from "../../api/client.js"
import { pncActions } from "../../strings/pncActions.js"
import type { OfficialPerson } from "../types.js"
import { ActionDialog } from "./ActionDialog.js"
import { ActionForm } from "./ActionForm.js"
import { checkEndorsement, checkLicenceChange, checkSuspension } from "./bodies.js"
import { AreaField, TextField } from "./fields.js"
import { optionalNumber, optionalTime } from "./when.js"

const words = pncActions.licence
export type Licence = NonNullable<OfficialPerson["licence"]>
const CATEGORIES = ["A", "B", "C", "D"] as const

/** The body of `POST /pnc/licences/{id}/suspend`: until a time, or indefinitely. */
export const suspensionWire = (fields: { readonly reason: string; readonly until: string }) => ({
  reason: fields.reason,
  ...optionalTime("until", fields.until)
})

export const SuspendLicence = ({ licence }: { readonly licence: Pick<Licence, "id"> }) => (
  <ActionDialog label={words.suspend} title={words.suspendTitle}>
    {(close) => (
      <ActionForm
        label={words.suspendTitle}
        initial={{ reason: "", until: "" }}
        shown={["reason", "until"]}
        check={(fields) => checkSuspension(suspensionWire(fields))}
        send={(body) => call((api) => api.pnc.suspendLicence({ params: { id: licence.id }, payload: body }))}
        submitLabel={words.suspendSubmit}
        tone="danger"
        onDone={close}
        onCancel={close}
      >
        {(kit) => (
          <>
            <AreaField kit={kit} name="reason" label={pncActions.reason} maxLength={500} />
            <TextField kit={kit} name="until" label={words.untilField} type="datetime-local" />
          </>
        )}
      </ActionForm>
    )}
  </ActionDialog>
)

/**
 * The body of `PATCH /pnc/licences/{id}`: the categories only when they differ from the licence's,
 * the expiry only when one is given (nothing changing is the API's `NO_CHANGE`).
 */
export const licenceChangeWire = (
  licence: Pick<Licence, "categories">,
  fields: { readonly reason: string; readonly categories: string; readonly expiresAt: string }
) => {
  const categories = CATEGORIES.filter((category) => fields.categories.split(",").includes(category))
  const same = categories.length === licence.categories.length && categories.every((category) => licence.categories.includes(category))
  return { reason: fields.reason, ...(same ? {} : { categories }), ...optionalTime("expiresAt", fields.expiresAt) }
}

export const ChangeLicence = ({ licence }: { readonly licence: Pick<Licence, "id" | "categories"> }) => (
  <ActionDialog label={words.change} title={words.changeTitle}>
    {(close) => (
      <ActionForm
        label={words.changeTitle}
        initial={{ reason: "", categories: licence.categories.join(","), expiresAt: "" }}
        shown={["reason", "categories", "expiresAt"]}
        check={(fields) => checkLicenceChange(licenceChangeWire(licence, fields))}
        send={(body) => call((api) => api.pnc.updateLicence({ params: { id: licence.id }, payload: body }))}
        submitLabel={words.changeSubmit}
        onDone={close}
        onCancel={close}
      >
        {(kit) => {
          const held = kit.fields.categories.split(",").filter((category) => category !== "")
          return (
            <>
              <fieldset className="field wide pnc-categories">
                <legend>{words.categories}</legend>
                {CATEGORIES.map((category) => (
                  <label key={category} className="pnc-check">
                    <input
                      type="checkbox"
                      checked={held.includes(category)}
                      onChange={(event) =>
                        kit.setFields((now) => ({
                          ...now,
                          categories: CATEGORIES.filter((each) => (each === category ? event.target.checked : held.includes(each))).join(",")
                        }))}
                    />
                    {words.categoryWords[category]}
                  </label>
                ))}
                {kit.problems("categories")}
              </fieldset>
              <TextField kit={kit} name="expiresAt" label={words.newExpiry} type="datetime-local" />
              <AreaField kit={kit} name="reason" label={pncActions.reason} maxLength={500} />
            </>
          )
        }}
      </ActionForm>
    )}
  </ActionDialog>
)

/** The body of `POST /pnc/licences/{id}/endorsements`. */
export const endorsementWire = (fields: { readonly code: string; readonly reason: string; readonly points: string; readonly expiresAt: string }) => ({
  code: fields.code,
  reason: fields.reason,
  ...optionalNumber("points", fields.points),
  ...optionalTime("expiresAt", fields.expiresAt)
})

export const AddEndorsement = ({ licence }: { readonly licence: Pick<Licence, "id"> }) => (
  <ActionDialog label={words.endorse}>
    {(close) => (
      <ActionForm
        label={words.endorse}
        initial={{ code: "", reason: "", points: "", expiresAt: "" }}
        shown={["code", "reason", "points", "expiresAt"]}
        check={(fields) => checkEndorsement(endorsementWire(fields))}
        send={(body) => call((api) => api.pnc.addEndorsement({ params: { id: licence.id }, payload: body }))}
        submitLabel={words.endorseSubmit}
        onDone={close}
        onCancel={close}
      >
        {(kit) => (
          <>
            <TextField kit={kit} name="code" label={words.code} maxLength={10} />
            <TextField kit={kit} name="points" label={words.endorsementPoints} inputMode="numeric" />
            <AreaField kit={kit} name="reason" label={pncActions.reason} maxLength={500} />
            <TextField kit={kit} name="expiresAt" label={pncActions.expiresAt} type="datetime-local" />
          </>
        )}
      </ActionForm>
    )}
  </ActionDialog>
)
