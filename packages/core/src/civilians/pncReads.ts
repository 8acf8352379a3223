import { DateTime, Effect, Schema } from "effect"
import { type Caller, requires } from "../identity/index.js"
import { checkedPage, orNotFound, type Page, validated } from "../kernel/index.js"
import { mayKnowOwners } from "./access.js"
import type { CivilianId, LicenceId, VehicleId } from "./ids.js"
import { officialLicence } from "./licenceViews.js"
import { PncSearch } from "./officialText.js"
import { officialCivilianView } from "./officialView.js"
import { pncHistoryEntry } from "./PncEvent.js"
import { CivilianReads, PncHistory, VehicleReads } from "./ports.js"
import { pncVehicleRecord } from "./vehicleRecord.js"
import { pncVehicleSummary } from "./vehicleViews.js"

/** A search as the PNC rules have it (`""` is no search: everyone): a caller that skipped the contract is held to them too. */
const validSearch = validated(Schema.Struct({ search: PncSearch }), "The search is not valid")
const checkedSearch = (search: string) => search === "" ? Effect.succeed(search) : Effect.map(validSearch({ search }), (valid) => valid.search)

/** `GET /pnc/civilians`: people by name words or reference, alphabetical. */
export const searchCivilians = Effect.fn("civilians.searchCivilians")(function*(rawSearch: string, requested: Page) {
  const page = yield* checkedPage(requested)
  const search = yield* checkedSearch(rawSearch)
  return yield* CivilianReads.use((reads) => reads.search(search, page))
}, requires("pnc.view"))

/** `GET /pnc/civilians/{id}`: the official view; `owner` only for `civilians.manage`. */
export const getOfficialCivilian = Effect.fn("civilians.getOfficialCivilian")(function*(caller: Caller, id: CivilianId) {
  const now = yield* DateTime.now
  const file = yield* CivilianReads.use((reads) => reads.findById(id, now)).pipe(orNotFound("No such person"))
  return officialCivilianView(file, now, mayKnowOwners(caller))
}, requires("pnc.view"))

/** `GET /pnc/licences/{id}`: the official view of a licence. */
export const getOfficialLicence = Effect.fn("civilians.getOfficialLicence")(function*(id: LicenceId) {
  const file = yield* CivilianReads.use((reads) => reads.findLicence(id)).pipe(orNotFound("No such licence"))
  return officialLicence(file, yield* DateTime.now)
}, requires("pnc.view"))

/** `GET /pnc/vehicles`: by part of the plate or words of make and model, ordered by plate. */
export const searchVehicles = Effect.fn("civilians.searchVehicles")(function*(rawSearch: string, requested: Page) {
  const page = yield* checkedPage(requested)
  const search = yield* checkedSearch(rawSearch)
  const now = yield* DateTime.now
  const found = yield* VehicleReads.use((reads) => reads.search(search, page, now))
  return { items: found.items.map(pncVehicleSummary), meta: found.meta }
}, requires("pnc.view"))

/** `GET /pnc/vehicles/{id}`: the registration, keeper, licence and alert chain in one read. */
export const getVehicleRecord = Effect.fn("civilians.getVehicleRecord")(function*(id: VehicleId) {
  const now = yield* DateTime.now
  const file = yield* VehicleReads.use((reads) => reads.findById(id, now)).pipe(orNotFound("No such vehicle"))
  return pncVehicleRecord(file, now)
}, requires("pnc.view"))

/**
 * `GET /pnc/events`: the PNC history, newest first; a member's own changes to
 * their character name the member only to a caller who may know owners.
 */
export const listPncEvents = Effect.fn("civilians.listPncEvents")(function*(
  caller: Caller,
  filter: { readonly civilianId?: CivilianId | undefined; readonly vehicleId?: VehicleId | undefined },
  requested: Page
) {
  const page = yield* checkedPage(requested)
  const found = yield* PncHistory.use((history) => history.list(filter, page))
  const showOwner = mayKnowOwners(caller)
  return { items: found.items.map((event) => pncHistoryEntry(event, showOwner)), meta: found.meta }
}, requires("pnc.view"))
