import { call } from "../../api/client.js"
import { pncActions } from "../../strings/pncActions.js"
import type { OfficialPerson } from "../types.js"
import { ActionDialog } from "./ActionDialog.js"
import { ActionForm } from "./ActionForm.js"
import { checkWarrantClosure } from "./bodies.js"
import { AreaField, SelectField } from "./fields.js"

const words = pncActions.warrants
type Warrant = OfficialPerson["warrants"][number]
const OUTCOMES = Object.entries(words.outcomes)

/** An active warrant closed: executed or withdrawn, with a note (`pnc.warrants.manage`). */
export const CloseWarrant = ({ warrant }: { readonly warrant: Pick<Warrant, "id" | "reference"> }) => (
  <ActionDialog label={words.close} name={words.closeOf(warrant.reference)}>
    {(close) => (
      <ActionForm
        label={words.closeOf(warrant.reference)}
        initial={{ outcome: "EXECUTED", note: "" }}
        shown={["outcome", "note"]}
        check={(fields) => checkWarrantClosure({ outcome: fields.outcome, note: fields.note })}
        send={(body) =>
          call((api) =>
            api.pncRecords.closeWarrant({ params: { id: warrant.id }, payload: body })
          )}
        submitLabel={words.closeSubmit}
        onDone={close}
        onCancel={close}
      >
        {(kit) => (
          <>
            <SelectField kit={kit} name="outcome" label={words.outcome} options={OUTCOMES} />
            <AreaField kit={kit} name="note" label={words.note} maxLength={500} />
          </>
        )}
      </ActionForm>
    )}
  </ActionDialog>
)
