import { CivilianId, LicenceExists, LicenceNumberUnavailable, PlateTaken, VehicleId } from "@bluelight/core/civilians"
import { AccountId, Forbidden } from "@bluelight/core/identity"
import { InvalidInput, InvalidState, NotFound } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControlMiddleware.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single, List } from "../schema/envelope.js"
import { paging, StrictQuery } from "../schema/query.js"
import { Categories, CivilianReferenceInput, civilianFields, civilianPatchFields, vehicleFields } from "./inputs.js"
import { HolderLicence, KeptVehicle, OwnerCivilian, Vehicle } from "./schemas.js"

/** The owner of the character, or anyone holding `civilians.manage`; a person, never a credential. */
const ownerOrManager = allow({ access: "session", permissions: ["civilians.manage_own"], alternative: ["civilians.manage"] })
const CivilianPath = Schema.Struct({ id: CivilianId })
const VehiclePath = Schema.Struct({ id: CivilianId, vehicleId: VehicleId })

const notYours = "Another member's character is `NOT_FOUND`, as an absent one is."

export class CiviliansApi extends HttpApiGroup.make("civilians")
  .add(
    HttpApiEndpoint.get("listCivilians", "/civilians", {
      query: StrictQuery({ ...paging, ownerId: Schema.optional(AccountId) }),
      success: List(OwnerCivilian),
      error: failsWith(Forbidden)
    })
      .annotate(OpenApi.Summary, "List my characters")
      .annotate(
        OpenApi.Description,
        "The signed-in member's characters, newest first, each as its owner sees it. `ownerId` lists another member's " +
          "characters and needs `civilians.manage` (`FORBIDDEN`)."
      )
      .pipe(allow({ access: "session", permissions: ["civilians.manage_own"], alternative: ["civilians.manage"] }))
  )
  .add(
    HttpApiEndpoint.post("createCivilian", "/civilians", {
      payload: Body(civilianFields, {
        name: "CivilianInput",
        example: { fullName: "Jane Doe", dateOfBirth: "1990-05-14", gender: "FEMALE", address: "1 High Street, Anytown" }
      }),
      success: Single(OwnerCivilian).pipe(HttpApiSchema.status(201)),
      error: failsWith(InvalidInput)
    })
      .annotate(OpenApi.Summary, "Create a character")
      .annotate(
        OpenApi.Description,
        "A new character owned by the signed-in member (never named in the body), `ACTIVE`, with a `CIV-` reference. " +
          "The date of birth is from 1900 up to today (`INVALID_INPUT`)."
      )
      .pipe(allow({ access: "session", permissions: ["civilians.create"] }))
  )
  .add(
    HttpApiEndpoint.get("getCivilian", "/civilians/:id", {
      params: CivilianPath,
      success: Single(OwnerCivilian),
      error: failsWith(NotFound)
    })
      .annotate(OpenApi.Summary, "Get my character")
      .annotate(OpenApi.Description, `One character as its owner sees it: private notes, the holder's licence, disclosed records only. ${notYours}`)
      .pipe(ownerOrManager)
  )
  .add(
    HttpApiEndpoint.patch("updateCivilian", "/civilians/:id", {
      params: CivilianPath,
      payload: Body(civilianPatchFields, { name: "CivilianUpdate", example: { address: "2 Low Road, Anytown" } }),
      success: Single(OwnerCivilian),
      error: failsWith(NotFound, InvalidInput, InvalidState, Forbidden)
    })
      .annotate(OpenApi.Summary, "Update my character")
      .annotate(
        OpenApi.Description,
        "Changes only the fields sent. Once `identityLocked`, the owner can no longer change `fullName`, `dateOfBirth` or " +
          "`gender` (`INVALID_STATE`); `civilians.manage` still can. The owner moves `status` between `ACTIVE` and " +
          `\`INACTIVE\`; setting or undoing \`DECEASED\` needs \`civilians.manage\` (\`FORBIDDEN\`). ${notYours}`
      )
      .pipe(ownerOrManager)
  )
  .add(
    HttpApiEndpoint.post("issueLicence", "/civilians/:id/licence", {
      params: CivilianPath,
      payload: Body({ categories: Categories }, { name: "LicenceApplication", example: { categories: ["B"] } }),
      success: Single(HolderLicence).pipe(HttpApiSchema.status(201)),
      error: failsWith(NotFound, InvalidInput, LicenceExists, LicenceNumberUnavailable)
    })
      .annotate(OpenApi.Summary, "Issue my character's driving licence")
      .annotate(
        OpenApi.Description,
        "Issues the character's only licence, valid ten years, with a generated number. The holder must be an active " +
          "character aged 17 or over (`INVALID_INPUT`); a second licence is `LICENCE_EXISTS`; " +
          "`LICENCE_NUMBER_UNAVAILABLE` when no number could be allocated (try again). Nothing on the licence changes " +
          `through the civilian endpoints afterwards. ${notYours}`
      )
      .pipe(ownerOrManager)
  )
  .add(
    HttpApiEndpoint.post("registerVehicle", "/civilians/:id/vehicles", {
      params: CivilianPath,
      payload: Body(vehicleFields, {
        name: "VehicleRegistration",
        example: { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" }
      }),
      success: Single(KeptVehicle).pipe(HttpApiSchema.status(201)),
      error: failsWith(NotFound, InvalidInput, PlateTaken)
    })
      .annotate(OpenApi.Summary, "Register a vehicle to my character")
      .annotate(
        OpenApi.Description,
        "Registers a vehicle with the character as keeper: registered, insured, MOT valid, taxed. The plate is stored in " +
          "upper case as entered and must be free among vehicles not scrapped, ignoring spaces, hyphens and case " +
          `(\`PLATE_TAKEN\`). An inactive or deceased character cannot keep a vehicle (\`INVALID_INPUT\`). ${notYours}`
      )
      .pipe(ownerOrManager)
  )
  .add(
    HttpApiEndpoint.post("transferVehicle", "/civilians/:id/vehicles/:vehicleId/transfer", {
      params: VehiclePath,
      payload: Body({ toReference: CivilianReferenceInput }, { name: "VehicleTransfer", example: { toReference: "CIV-000002" } }),
      success: Single(Vehicle),
      error: failsWith(NotFound, InvalidInput, InvalidState)
    })
      .annotate(OpenApi.Summary, "Transfer a vehicle to another character")
      .annotate(
        OpenApi.Description,
        "The vehicle the character keeps passes to another active character, named by reference (`INVALID_INPUT` when " +
          "there is none, or it is inactive or deceased). A scrapped vehicle cannot change keeper (`INVALID_STATE`). " +
          `Records \`KEEPER_CHANGED\`. A vehicle the character does not keep is \`NOT_FOUND\`. ${notYours}`
      )
      .pipe(ownerOrManager)
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "Civilians")
  .annotate(OpenApi.Description, "A member's own characters, their driving licences and vehicles.")
{}
