/**
 * The civilian records: members' characters (the civilian portal) and their
 * official record on the PNC — licences and endorsements, vehicles and their
 * keepers, the PNC's own history — with the views the portal and the PNC
 * read them through. One context: the PNC's official changes act on the same
 * records the portal creates.
 */
export * from "./access.js"
export * from "./alerts.js"
export * from "./Civilian.js"
export * from "./civilians.js"
export * from "./errors.js"
export * from "./history.js"
export * from "./ids.js"
export * from "./Licence.js"
export * from "./licenceNumber.js"
export * from "./licences.js"
export * from "./Marker.js"
export * from "./markers.js"
export * from "./officialText.js"
export * from "./PncEvent.js"
export * from "./PncEventData.js"
export * from "./pncLicences.js"
export * from "./pncReads.js"
export * from "./PncRecord.js"
export * from "./pncVehicles.js"
export * from "./ports.js"
export * from "./records.js"
export * from "./Vehicle.js"
export * from "./vehicles.js"
export * from "./views.js"
export * from "./Warrant.js"
export * from "./warrants.js"
export * from "./windows.js"
