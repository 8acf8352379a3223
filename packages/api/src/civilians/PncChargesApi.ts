import {
  Charge,
  ChargeCategory,
  ChargeCode,
  ChargeCodeTaken,
  ChargeId,
  ChargeTitle,
  CustodyDays,
  EndorsementCode,
  FineAmount,
  LicencePoints,
  MAX_CUSTODY_DAYS,
  PncSearch
} from "@bluelight/core/civilians"
import { InvalidInput, NoChange, NotFound, OneOf } from "@bluelight/core/kernel"
import { Schema, SchemaTransformation } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { change, created, one, page } from "../endpointParts.js"
import { Body } from "../schema/body.js"
import { TextOrNull } from "../schema/nullable.js"

const lookup = operation({ access: "session-or-credential", permissions: ["pnc.view"] })
const catalogue = operation({ access: "session", permissions: ["admin.manage"] })

const ChargePath = Schema.Struct({ id: ChargeId })

/** `active`: `true` (the default) the active charges, `false` the retired ones, `all` every charge. */
const Standing = OneOf("true", "false", "all").pipe(
  Schema.decodeTo(
    Schema.Union([Schema.Boolean, Schema.Literal("all")]),
    SchemaTransformation.transform({
      decode: (s) => (s === "all" ? "all" : s === "true"),
      encode: (standing) => (standing === "all" ? "all" : standing ? "true" : "false")
    })
  )
)

/** The fields of a charge that may be null in a body: each its own rule, or `null`. */
const category = TextOrNull(ChargeCategory)
const endorsementCode = TextOrNull(EndorsementCode, "upper-case letters and digits")
const custodyMaxDays = Schema.NullOr(CustodyDays).annotate({ message: `must be an integer from 0 to ${MAX_CUSTODY_DAYS}, or null` })

const FIELD_RULES = "`code` 1 to 16 letters, digits, `.`, `/` and `-` (stored upper case, unique ignoring case), `title` 3 to 120 " +
  "characters, `category` 2 to 40 or null, `fineMin` to `fineMax` 0 to 1,000,000 in whole pence (`fineMin` not above `fineMax`), " +
  "`points` 0 to 12, `endorsementCode` (2 to 10 upper-case letters and digits) required when `points` are above 0 and null when " +
  "they are 0, `custodyMaxDays` 0 to 36500 or null, `warningApplicable` whether a WARNING record may cite it"

export class PncChargesApi extends HttpApiGroup.make("pncCharges")
  .add(
    HttpApiEndpoint.get("listCharges", "/pnc/charges", page({ search: Schema.optional(PncSearch), active: Schema.optional(Standing) }, Charge)).pipe(
      lookup(
        "List charges",
        "The charges catalogue, ordered by code. `search` (1 to 100 characters) keeps the charges whose code, title or category " +
          "holds every word of it, ignoring case; `active` is `true` (the default: the charges records may cite), `false` " +
          "(the retired ones) or `all`."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("getCharge", "/pnc/charges/:id", one(ChargePath, Charge)).pipe(
      lookup("Get a charge", "One charge of the catalogue, active or retired.")
    )
  )
  .add(
    HttpApiEndpoint.post(
      "createCharge",
      "/pnc/charges",
      created(
        Body({
          code: ChargeCode,
          title: ChargeTitle,
          category: Schema.optionalKey(category),
          fineMin: FineAmount,
          fineMax: FineAmount,
          points: LicencePoints,
          endorsementCode: Schema.optionalKey(endorsementCode),
          custodyMaxDays: Schema.optionalKey(custodyMaxDays),
          warningApplicable: Schema.optionalKey(Schema.Boolean)
        }, {
          name: "ChargeInput",
          example: {
            code: "SP30",
            title: "Exceeding the speed limit on a public road",
            category: "Traffic",
            fineMin: 100,
            fineMax: 1000,
            points: 3,
            endorsementCode: "SP30",
            warningApplicable: true
          }
        }),
        Charge,
        InvalidInput,
        ChargeCodeTaken
      )
    ).pipe(
      catalogue(
        "Create a charge",
        `A new active charge of the catalogue: ${FIELD_RULES} (default false). A code another charge has, ignoring case, is ` +
          "`CHARGE_CODE_TAKEN`. Audited as `pnc.charge.created`."
      )
    )
  )
  .add(
    HttpApiEndpoint.patch(
      "changeCharge",
      "/pnc/charges/:id",
      change(
        ChargePath,
        Body({
          code: Schema.optionalKey(ChargeCode),
          title: Schema.optionalKey(ChargeTitle),
          category: Schema.optionalKey(category),
          fineMin: Schema.optionalKey(FineAmount),
          fineMax: Schema.optionalKey(FineAmount),
          points: Schema.optionalKey(LicencePoints),
          endorsementCode: Schema.optionalKey(endorsementCode),
          custodyMaxDays: Schema.optionalKey(custodyMaxDays),
          warningApplicable: Schema.optionalKey(Schema.Boolean),
          active: Schema.optionalKey(Schema.Boolean)
        }, { name: "ChargeChange", example: { fineMax: 2500, active: true } }),
        Charge,
        NotFound,
        InvalidInput,
        NoChange,
        ChargeCodeTaken
      )
    ).pipe(
      catalogue(
        "Change a charge",
        `Changes any field sent, held to the same rules on the charge as it would stand: ${FIELD_RULES}. \`active: false\` ` +
          "retires the charge (never deleted; a retired charge cannot be cited), `active: true` brings it back. Records that cited " +
          "it keep the copy they made. Nothing changing is `NO_CHANGE`; a code another charge has is `CHARGE_CODE_TAKEN`. " +
          "Audited as `pnc.charge.changed`."
      )
    )
  )
  .annotate(OpenApi.Title, "PNC charges")
  .annotate(
    OpenApi.Description,
    "The community's charges catalogue: what each offence costs in fines and points. Records cite charges, which fix their fine range and points."
  )
{}
