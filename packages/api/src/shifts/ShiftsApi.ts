import { Forbidden, StaffInactive, StaffProfileId, StaffRequired } from "@bluelight/core/identity"
import { EnteredTimestamp, InvalidInput, NotFound } from "@bluelight/core/kernel"
import { ShiftAlreadyActive, ShiftId, ShiftNotActive, ShiftStatus, ShiftType } from "@bluelight/core/shifts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { allow } from "../access.js"
import { AccessControl } from "../auth/AccessControlMiddleware.js"
import { failsWith } from "../errors/declared.js"
import { Body } from "../schema/body.js"
import { Single, List } from "../schema/envelope.js"
import { paging, StrictQuery } from "../schema/query.js"
import { ShiftTotalView, ShiftView } from "./schemas.js"

const EXAMPLE_SHIFT_ID = ShiftId.make("0190a7f2-7a8b-7c9d-8e0f-1a2b3c4d5e6f")

export class ShiftsApi extends HttpApiGroup.make("shifts")
  .add(
    HttpApiEndpoint.get("listShifts", "/shifts", {
      query: StrictQuery({ ...paging, staffId: Schema.optional(StaffProfileId), status: Schema.optional(ShiftStatus) }),
      success: List(ShiftView),
      error: failsWith(Forbidden)
    })
      .annotate(OpenApi.Summary, "List shifts")
      .annotate(
        OpenApi.Description,
        "Shifts newest first; `staffId` keeps one profile's, `status` only `ACTIVE` or only `ENDED` ones. With `shifts.view`, " +
          "everyone's; without it, a staff member sees only their own (asking for another profile's, or having no staff " +
          "profile, is `FORBIDDEN` naming `shifts.view`)."
      )
      .pipe(allow({ access: "session-or-credential", permissions: [], alternative: ["shifts.view"] }))
  )
  .add(
    HttpApiEndpoint.get("shiftSummary", "/shifts/summary", {
      query: StrictQuery({ ...paging, from: EnteredTimestamp, to: EnteredTimestamp, staffId: Schema.optional(StaffProfileId) }),
      success: List(ShiftTotalView),
      error: failsWith(InvalidInput)
    })
      .annotate(OpenApi.Summary, "Summarise shift time")
      .annotate(
        OpenApi.Description,
        "Total shift time per staff profile and shift type from `from` (inclusive) to `to` (exclusive), most time first. " +
          "Each shift counts only the part inside the range (a shift across midnight or a month's end is split between " +
          "the ranges either side); an active shift counts up to now. `to` must be after `from`. `staffId` keeps one profile. " +
          "Needs `shifts.view`."
      )
      .pipe(allow({ access: "session-or-credential", permissions: ["shifts.view"] }))
  )
  .add(
    HttpApiEndpoint.post("startShift", "/shifts/start", {
      payload: Body({ type: ShiftType, staffId: Schema.optionalKey(StaffProfileId) }, {
        name: "ShiftStart",
        example: { type: "MODERATION" }
      }),
      success: Single(ShiftView).pipe(HttpApiSchema.status(201)),
      error: failsWith(StaffRequired, StaffInactive, ShiftAlreadyActive, Forbidden)
    })
      .annotate(OpenApi.Summary, "Start a shift")
      .annotate(
        OpenApi.Description,
        "Starts a shift of `type` for the caller's own staff profile (active staff, no permission needed; `source` " +
          "`MANUAL`), or, with `shifts.manage`, for the profile `staffId` names (`source` `MANAGER`, or `INTEGRATION` for a " +
          "service credential, which has no profile and must name one). Without an active staff profile of one's own: " +
          "`STAFF_REQUIRED`. A target profile that is unknown or not active staff: `STAFF_INACTIVE`. A profile has one " +
          "active shift: `SHIFT_ALREADY_ACTIVE`. Audited as `shift.started`."
      )
      .pipe(allow({ access: "session-or-credential", permissions: [], alternative: ["shifts.manage"] }))
  )
  .add(
    HttpApiEndpoint.post("endShift", "/shifts/end", {
      payload: Body({ id: ShiftId }, { name: "ShiftEnd", example: { id: EXAMPLE_SHIFT_ID } }),
      success: Single(ShiftView),
      error: failsWith(NotFound, ShiftNotActive, StaffRequired, Forbidden)
    })
      .annotate(OpenApi.Summary, "End a shift")
      .annotate(
        OpenApi.Description,
        "Ends the active shift `id`: one's own as active staff (no permission needed), another profile's with " +
          "`shifts.manage`. `durationSeconds` is filled from the clock. A shift already ended: `SHIFT_NOT_ACTIVE`. " +
          "Audited as `shift.ended`. The example's id is a placeholder."
      )
      .pipe(allow({ access: "session-or-credential", permissions: [], alternative: ["shifts.manage"] }))
  )
  .middleware(AccessControl)
  .annotate(OpenApi.Title, "Shifts")
  .annotate(OpenApi.Description, "Staff shifts: who is on shift, since when, and the time staff spent on shift.")
{}
