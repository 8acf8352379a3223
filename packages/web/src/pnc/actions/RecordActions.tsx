import type { Me } from "../../app/session.js"
import { call } from "../../api/client.js"
import { pncActions } from "../../strings/pncActions.js"
import { checkRecordClosure } from "./bodies.js"
import type { PncRecord } from "../queries.js"
import { ReasonAction } from "./ReasonAction.js"

const words = pncActions.records

/**
 * What may be done to one record (`pnc.records.manage`): an open one closed (dealt with) or voided
 * (made in error), each with a reason. Nothing for a closed or void record, or without the key.
 */
export const RecordActions = ({ record, me }: { readonly record: Pick<PncRecord, "id" | "reference" | "status">; readonly me: Me }) => {
  if (!me.permissions.includes("pnc.records.manage") || record.status !== "OPEN") return null
  return (
    <div className="pnc-row-actions">
      <ReasonAction
        label={words.close}
        name={words.closeOf(record.reference)}
        title={words.closeOf(record.reference)}
        submitLabel={words.closeSubmit}
        check={checkRecordClosure}
        send={(body) => call((api) => api.pncRecords.closeRecord({ params: { id: record.id }, payload: body }))}
      />
      <ReasonAction
        label={words.void}
        name={words.voidOf(record.reference)}
        title={words.voidOf(record.reference)}
        submitLabel={words.voidSubmit}
        tone="danger"
        check={checkRecordClosure}
        send={(body) => call((api) => api.pncRecords.voidRecord({ params: { id: record.id }, payload: body }))}
      />
    </div>
  )
}
