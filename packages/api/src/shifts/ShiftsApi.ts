import { Forbidden, StaffInactive, StaffProfileId, StaffRequired } from "@bluelight/core/identity"
import { EnteredTimestamp, InvalidInput, NotFound } from "@bluelight/core/kernel"
import { ShiftAlreadyActive, ShiftId, ShiftNotActive, ShiftStatus, ShiftType } from "@bluelight/core/shifts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "effect/http-api"
import { operation } from "../access.js"
import { created, page } from "../endpointParts.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single } from "../schema/envelope.js"
import { ShiftTotalView, ShiftView } from "./schemas.js"

const manage = operation({ access: "session-or-credential", permissions: [], alternative: ["shifts.manage"] })

const EXAMPLE_SHIFT_ID = ShiftId.make("0190a7f2-7a8b-7c9d-8e0f-1a2b3c4d5e6f")

export class ShiftsApi extends HttpApiGroup.make("shifts")
  .add(
    HttpApiEndpoint.get("listShifts", "/shifts", {
      ...page({ staffId: Schema.optional(StaffProfileId), status: Schema.optional(ShiftStatus) }, ShiftView),
      error: failsWith(Forbidden)
    }).pipe(
      operation({ access: "session-or-credential", permissions: [], alternative: ["shifts.view"] })(
        "List shifts",
        "Shifts newest first; `staffId` keeps one profile's, `status` only `ACTIVE` or only `ENDED` ones. With `shifts.view`, " +
          "everyone's; without it, a staff member sees only their own (asking for another profile's, or having no staff " +
          "profile, is `FORBIDDEN` naming `shifts.view`)."
      )
    )
  )
  .add(
    HttpApiEndpoint.get("shiftSummary", "/shifts/summary", {
      ...page({ from: EnteredTimestamp, to: EnteredTimestamp, staffId: Schema.optional(StaffProfileId) }, ShiftTotalView),
      error: failsWith(InvalidInput)
    }).pipe(
      operation({ access: "session-or-credential", permissions: ["shifts.view"] })(
        "Summarise shift time",
        "Total shift time per staff profile and shift type from `from` (inclusive) to `to` (exclusive), most time first. " +
          "Each shift counts only the part inside the range (a shift across midnight or a month's end is split between " +
          "the ranges either side); an active shift counts up to now. `to` must be after `from`. `staffId` keeps one profile. " +
          "Needs `shifts.view`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post(
      "startShift",
      "/shifts/start",
      created(
        Body({ type: ShiftType, staffId: Schema.optionalKey(StaffProfileId) }, {
          name: "ShiftStart",
          example: { type: "MODERATION" }
        }),
        ShiftView,
        StaffRequired,
        StaffInactive,
        ShiftAlreadyActive,
        Forbidden
      )
    ).pipe(
      manage(
        "Start a shift",
        "Starts a shift of `type` for the caller's own staff profile (active staff, no permission needed; `source` " +
          "`MANUAL`), or, with `shifts.manage`, for the profile `staffId` names (`source` `MANAGER`, or `INTEGRATION` for a " +
          "service credential, which has no profile and must name one). Without an active staff profile of one's own: " +
          "`STAFF_REQUIRED`. A target profile that is unknown or not active staff: `STAFF_INACTIVE`. A profile has one " +
          "active shift: `SHIFT_ALREADY_ACTIVE`. Audited as `shift.started`."
      )
    )
  )
  .add(
    HttpApiEndpoint.post("endShift", "/shifts/end", {
      payload: Body({ id: ShiftId }, { name: "ShiftEnd", example: { id: EXAMPLE_SHIFT_ID } }),
      success: Single(ShiftView),
      error: failsWith(NotFound, ShiftNotActive, StaffRequired, Forbidden)
    }).pipe(
      manage(
        "End a shift",
        "Ends the active shift `id`: one's own as active staff (no permission needed), another profile's with " +
          "`shifts.manage`. `durationSeconds` is filled from the clock. A shift already ended: `SHIFT_NOT_ACTIVE`. " +
          "Audited as `shift.ended`. The example's id is a placeholder."
      )
    )
  )
  .annotate(OpenApi.Title, "Shifts")
  .annotate(OpenApi.Description, "Staff shifts: who is on shift, since when, and the time staff spent on shift.")
{}
