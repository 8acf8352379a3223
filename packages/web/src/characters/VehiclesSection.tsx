import { useState } from "react"
import { characters as words } from "../strings/index.js"
import { Day } from "./Day.js"
import { ScrollTable } from "./ScrollTable.js"
import { mayHoldDocuments } from "./licenceAge.js"
import type { Character } from "./queries.js"
import { RegisterVehicleForm } from "./RegisterVehicleForm.js"
import { TransferDialog, type Transferring } from "./TransferDialog.js"

type Vehicle = Character["vehicles"][number]

/** A vehicle's four statuses in words, each marked when it is not as it should be (colour and word). */
const Statuses = ({ vehicle }: { readonly vehicle: Vehicle }) => (
  <span className="badges">
    <span className={`badge ${vehicle.registrationStatus === "REGISTERED" ? "ok" : "danger"}`}>{words.registrationStatuses[vehicle.registrationStatus]}</span>
    <span className={`badge ${vehicle.insuranceStatus === "INSURED" ? "ok" : "danger"}`}>{words.insuranceStatuses[vehicle.insuranceStatus]}</span>
    <span className={`badge ${vehicle.motStatus === "VALID" ? "ok" : "warn"}`}>{words.motStatuses[vehicle.motStatus]}</span>
    <span className={`badge ${vehicle.taxStatus === "TAXED" ? "ok" : "warn"}`}>{words.taxStatuses[vehicle.taxStatus]}</span>
  </span>
)

/** The vehicles the character keeps, each with "Transfer"; registering another below (an active character only). */
export const VehiclesSection = ({ character }: { readonly character: Character }) => {
  const [transferring, setTransferring] = useState<Transferring | null>(null)
  const [done, setDone] = useState<string | null>(null)
  return (
    <section className="panel chars-section" aria-labelledby="chars-vehicles">
      <h2 id="chars-vehicles">{words.vehicles}</h2>
      <p role="status" className="chars-saved">{done ?? ""}</p>
      <div className="chars-live" aria-live="polite">
        {character.vehicles.length === 0 ? <p className="muted">{words.noVehicles}</p> : (
          <ScrollTable label={words.vehicles}>
            <table className="chars-table">
              <caption className="chars-caption">{words.vehicles}</caption>
              <thead>
                <tr>
                  <th scope="col">{words.vehicleColumns.plate}</th>
                  <th scope="col">{words.vehicleColumns.vehicle}</th>
                  <th scope="col">{words.vehicleColumns.colour}</th>
                  <th scope="col">{words.vehicleColumns.type}</th>
                  <th scope="col">{words.vehicleColumns.statuses}</th>
                  <th scope="col">{words.vehicleColumns.keeperSince}</th>
                  <th scope="col">{words.vehicleColumns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {character.vehicles.map((vehicle) => (
                  <tr key={vehicle.id}>
                    <th scope="row" className="chars-mono">{vehicle.plate}</th>
                    <td>{vehicle.make} {vehicle.model}</td>
                    <td>{vehicle.colour}</td>
                    <td>{words.vehicleTypes[vehicle.type]}</td>
                    <td>
                      <Statuses vehicle={vehicle} />
                    </td>
                    <td>
                      <Day at={vehicle.keeperSince} />
                    </td>
                    <td>
                      <button
                        type="button"
                        aria-label={words.transferLabel(vehicle.plate)}
                        onClick={() => {
                          setDone(null)
                          setTransferring({ id: vehicle.id, plate: vehicle.plate })
                        }}
                      >
                        {words.transfer}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </div>
      {mayHoldDocuments(character.status) ? <RegisterVehicleForm character={character} />
        : <p className="chars-locked">{words.notActiveForVehicle(words.statuses[character.status])}</p>}
      {transferring !== null && (
        <TransferDialog
          character={character}
          vehicle={transferring}
          onClose={(to) => {
            if (to !== null) setDone(words.transferred(transferring.plate, to))
            setTransferring(null)
          }}
        />
      )}
    </section>
  )
}
