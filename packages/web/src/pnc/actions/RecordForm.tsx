import { useState } from "react"
import { call } from "../../api/client.js"
import { pncActions } from "../../strings/pncActions.js"
import { FieldProblems } from "../../ui/FieldProblems.js"
import type { OfficialPerson } from "../types.js"
import { ActionForm } from "./ActionForm.js"
import { checkRecord } from "./bodies.js"
import { ChargePicker } from "./ChargePicker.js"
import { allowance, type Cited, citations } from "./citation.js"
import { AreaField, SelectField, TextField } from "./fields.js"
import { formatPounds } from "../../ui/money.js"
import { isoOf, localOf, optionalNumber, optionalText } from "./when.js"

const words = pncActions.records

export interface RecordFields {
  readonly type: string
  readonly title: string
  readonly description: string
  readonly location: string
  readonly occurredAt: string
  readonly vehicleId: string
  readonly fineAmount: string
  readonly points: string
  readonly endorsementCode: string
  readonly disclosed: string
}

const SHOWN = ["type", "title", "description", "location", "occurredAt", "vehicleId", "fineAmount", "points", "endorsementCode", "disclosed", "charges"]
const TYPES = Object.entries(words.types)

/** The body of `POST /pnc/records` as JSON has it, from the form: blank fields left out, so the API's defaults apply. */
export const recordWire = (civilianId: string, fields: RecordFields, cited: ReadonlyArray<Cited>) => ({
  civilianId,
  type: fields.type,
  title: fields.title,
  description: fields.description,
  location: fields.location,
  occurredAt: isoOf(fields.occurredAt) ?? "",
  ...optionalNumber("fineAmount", fields.fineAmount),
  ...optionalNumber("points", fields.points),
  ...optionalText("vehicleId", fields.vehicleId),
  ...optionalText("endorsementCode", fields.endorsementCode),
  ...(fields.disclosed === "" ? {} : { disclosed: fields.disclosed === "yes" }),
  ...(cited.length === 0 ? {} : { charges: citations(cited) })
})

/**
 * A new record against a person, citing charges of the catalogue: as they are picked, each one's
 * fine range and points, and what the record may carry in all; the fine and points left blank take
 * the API's defaults (the range's floor, the points allowed).
 */
export const RecordForm = ({ person, onDone, now = new Date() }: {
  readonly person: OfficialPerson
  readonly onDone: () => void
  readonly now?: Date
}) => {
  const [cited, setCited] = useState<ReadonlyArray<Cited>>([])
  const allowed = allowance(cited)
  return (
    <ActionForm
      label={words.add}
      initial={{
        type: "CITATION",
        title: "",
        description: "",
        location: "",
        occurredAt: localOf(now),
        vehicleId: "",
        fineAmount: "",
        points: "",
        endorsementCode: "",
        disclosed: ""
      }}
      shown={SHOWN}
      check={(fields) => checkRecord(recordWire(person.id, fields, cited))}
      send={(body) => call((api) => api.pncRecords.createRecord({ payload: body }))}
      submitLabel={words.submit}
      onDone={onDone}
      onCancel={onDone}
    >
      {(kit) => (
        <>
          <SelectField kit={kit} name="type" label={words.type} options={TYPES} />
          <TextField kit={kit} name="title" label={words.title} maxLength={120} />
          <TextField kit={kit} name="location" label={words.location} maxLength={200} />
          <TextField kit={kit} name="occurredAt" label={words.occurredAt} type="datetime-local" />
          <AreaField kit={kit} name="description" label={words.description} maxLength={4000} />
          <div className="field wide">
            <ChargePicker
              cited={cited}
              onChange={(next) => {
                setCited(next)
                const first = next[0]
                if (first !== undefined && kit.fields.title.trim() === "") kit.setFields((now) => ({ ...now, title: first.charge.title }))
              }}
            />
            <FieldProblems id={`${kit.id}-charges-problems`} failure={kit.failure} path={["charges"]} />
          </div>
          <TextField kit={kit} name="fineAmount" label={`${words.fineAmount} · ${words.blankFine(formatPounds(allowed.fineMin))}`} inputMode="decimal" />
          <TextField kit={kit} name="points" label={`${words.points} · ${words.blankPoints(allowed.points)}`} inputMode="numeric" />
          <TextField kit={kit} name="endorsementCode" label={words.endorsementCode} maxLength={10} />
          <SelectField
            kit={kit}
            name="vehicleId"
            label={words.vehicle}
            options={[["", words.noVehicle], ...person.vehicles.map((vehicle) => [vehicle.id, vehicle.plate] as const)]}
          />
          <SelectField
            kit={kit}
            name="disclosed"
            label={words.disclosed}
            options={[["", words.disclosedDefault], ["yes", words.disclosedYes], ["no", words.disclosedNo]]}
          />
        </>
      )}
    </ActionForm>
  )
}
