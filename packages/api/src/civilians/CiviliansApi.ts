import {
  CivilianId,
  EnteredCivilianReference,
  HolderLicence,
  KeptVehicleView,
  LicenceCategories,
  LicenceExists,
  LicenceNumberUnavailable,
  OwnerCivilianView,
  PlateTaken,
  VehicleFields,
  VehicleId,
  VehicleView
} from "@bluelight/core/civilians"
import { AccountId, Forbidden } from "@bluelight/core/identity"
import { InvalidInput, InvalidState, NotFound } from "@bluelight/core/kernel"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { change, created, one, page } from "../endpointParts.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { civilianFields, civilianPatchFields } from "./inputs.js"

/** The owner of the character, or anyone holding `civilians.manage`; a person, never a credential. */
const ownerOrManager = operation({ access: "session", permissions: ["civilians.manage_own"], alternative: ["civilians.manage"] })
const CivilianPath = Schema.Struct({ id: CivilianId })
const VehiclePath = Schema.Struct({ id: CivilianId, vehicleId: VehicleId })

const notYours = "Another member's character is `NOT_FOUND`, as an absent one is."

export class CiviliansApi extends HttpApiGroup.make("civilians")
  .add(
    HttpApiEndpoint.get("listCivilians", "/civilians", { ...page({ ownerId: Schema.optional(AccountId) }, OwnerCivilianView), error: failsWith(Forbidden) })
      .pipe(
        ownerOrManager(
          "List my characters",
          "The signed-in member's characters, newest first, each as its owner sees it. `ownerId` lists another member's " +
            "characters and needs `civilians.manage` (`FORBIDDEN`)."
        )
      )
  )
  .add(
    HttpApiEndpoint.post(
      "createCivilian",
      "/civilians",
      created(
        Body(civilianFields, {
          name: "CivilianInput",
          example: { fullName: "Jane Doe", dateOfBirth: "1990-05-14", gender: "FEMALE", address: "1 High Street, Anytown" }
        }),
        OwnerCivilianView,
        InvalidInput
      )
    ).pipe(
      operation({ access: "session", permissions: ["civilians.create"] })(
        "Create a character",
        "A new character owned by the signed-in member (never named in the body), `ACTIVE`, with a `CIV-` reference. " +
          "The date of birth is from 1900 up to today (`INVALID_INPUT`)."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getCivilian", "/civilians/:id", one(CivilianPath, OwnerCivilianView)).pipe(
      ownerOrManager("Get my character", `One character as its owner sees it: private notes, the holder's licence, disclosed records only. ${notYours}`)
    )
  )
  .add(
    HttpApiEndpoint.patch(
      "updateCivilian",
      "/civilians/:id",
      change(
        CivilianPath,
        Body(civilianPatchFields, { name: "CivilianUpdate", example: { address: "2 Low Road, Anytown" } }),
        OwnerCivilianView,
        NotFound,
        InvalidInput,
        InvalidState,
        Forbidden
      )
    ).pipe(
      ownerOrManager(
        "Update my character",
        "Changes only the fields sent. Once `identityLocked`, the owner can no longer change `fullName`, `dateOfBirth` or " +
          "`gender` (`INVALID_STATE`); `civilians.manage` still can. The owner moves `status` between `ACTIVE` and " +
          `\`INACTIVE\`; setting or undoing \`DECEASED\` needs \`civilians.manage\` (\`FORBIDDEN\`). ${notYours}`
      )
    )
  )
  .add(
    HttpApiEndpoint.post("issueLicence", "/civilians/:id/licence", {
      params: CivilianPath,
      ...created(
        Body({ categories: LicenceCategories }, { name: "LicenceApplication", example: { categories: ["B"] } }),
        HolderLicence,
        NotFound,
        InvalidInput,
        LicenceExists,
        LicenceNumberUnavailable
      )
    }).pipe(
      ownerOrManager(
        "Issue my character's driving licence",
        "Issues the character's only licence, valid ten years, with a generated number. The holder must be an active " +
          "character aged 17 or over (`INVALID_INPUT`); a second licence is `LICENCE_EXISTS`; " +
          "`LICENCE_NUMBER_UNAVAILABLE` when no number could be allocated (try again). Nothing on the licence changes " +
          `through the civilian endpoints afterwards. ${notYours}`
      )
    )
  )
  .add(
    HttpApiEndpoint.post("registerVehicle", "/civilians/:id/vehicles", {
      params: CivilianPath,
      ...created(
        Body(VehicleFields.fields, {
          name: "VehicleRegistration",
          example: { plate: "AB12 CDE", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" }
        }),
        KeptVehicleView,
        NotFound,
        InvalidInput,
        PlateTaken
      )
    }).pipe(
      ownerOrManager(
        "Register a vehicle to my character",
        "Registers a vehicle with the character as keeper: registered, insured, MOT valid, taxed. The plate is stored in " +
          "upper case as entered and must be free among vehicles not scrapped, ignoring spaces, hyphens and case " +
          `(\`PLATE_TAKEN\`). An inactive or deceased character cannot keep a vehicle (\`INVALID_INPUT\`). ${notYours}`
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "transferVehicle",
      "/civilians/:id/vehicles/:vehicleId/transfer",
      change(
        VehiclePath,
        Body({ toReference: EnteredCivilianReference }, { name: "VehicleTransfer", example: { toReference: "CIV-000002" } }),
        VehicleView,
        NotFound,
        InvalidInput,
        InvalidState
      )
    ).pipe(
      ownerOrManager(
        "Transfer a vehicle to another character",
        "The vehicle the character keeps passes to another active character, named by reference (`INVALID_INPUT` when " +
          "there is none, or it is inactive or deceased). A scrapped vehicle cannot change keeper (`INVALID_STATE`). " +
          `Records \`KEEPER_CHANGED\`. A vehicle the character does not keep is \`NOT_FOUND\`. ${notYours}`
      )
    )
  )
  .annotate(OpenApi.Title, "Civilians")
  .annotate(OpenApi.Description, "A member's own characters, their driving licences and vehicles.")
{}
