import { BluelightApi } from "@bluelight/api"
import { pncActions as words } from "../../strings/pncActions.js"
import { bodyCheck } from "../../api/checkBody.js"

/** Each PNC write's body, checked by the contract's own schema before it is sent (`api/checkBody.ts`). */
const { pnc, pncRecords } = BluelightApi.groups
const check = <E extends Parameters<typeof bodyCheck>[0]>(endpoint: E) => bodyCheck(endpoint, words.invalidForm)

export const checkRecord = check(pncRecords.endpoints.createRecord)
export const checkRecordClosure = check(pncRecords.endpoints.closeRecord)
export const checkWarrant = check(pncRecords.endpoints.issueWarrant)
export const checkWarrantClosure = check(pncRecords.endpoints.closeWarrant)
export const checkApproval = check(pncRecords.endpoints.approveWarrant)
export const checkRejection = check(pncRecords.endpoints.rejectWarrant)
export const checkMarker = check(pncRecords.endpoints.createMarker)
export const checkMarkerClearance = check(pncRecords.endpoints.clearMarker)
export const checkVehicleStatuses = check(pnc.endpoints.changeVehicleStatuses)
export const checkLicenceChange = check(pnc.endpoints.updateLicence)
export const checkSuspension = check(pnc.endpoints.suspendLicence)
export const checkRevocation = check(pnc.endpoints.revokeLicence)
export const checkReinstatement = check(pnc.endpoints.reinstateLicence)
export const checkEndorsement = check(pnc.endpoints.addEndorsement)
export const checkEndorsementRemoval = check(pnc.endpoints.removeEndorsement)
