/** The MDT's words: booking on and off, the unit's status, the incident attended, the PNC look-up. English (UK). */
export const mdt = {
  title: "MDT",
  bookOnTitle: "Book on",
  bookOnLead: "Choose the unit you crew tonight and how the radio knows you (collar number, radio id).",
  unit: "Unit",
  chooseUnit: "Choose a unit",
  identifier: "Identifier",
  bookOn: "Book on",
  bookingOn: "Booking on…",
  bookOff: "Book off",
  bookingOff: "Booking off…",
  noUnits: "No units yet: Control creates them.",
  unitsUnavailable: (message: string) => `The units cannot be listed: ${message}`,
  myUnit: "My unit",
  crew: "Crew",
  identifierOf: (identifier: string) => `(${identifier})`,
  status: "Status",
  statusButtons: "Change status",
  noMoves: "No status moves while the unit has no crew.",
  changing: "Changing status…",
  nowShowing: "Shown as it is now.",
  currentIncident: "Current incident",
  noIncident: "Not on an incident. Control assigns units to incidents.",
  incidentNumber: (number: number) => `#${number}`,
  incidentClosed: "Closed",
  location: "Location",
  description: "Description",
  noDescription: "No description.",
  priority: "Priority",
  otherUnits: "Other units",
  noOtherUnits: "No other units attending.",
  otherUnitsUnavailable: "The other units cannot be shown (this needs cad.view).",
  feedLive: "Live",
  feedConnecting: "Connecting…",
  feedReconnecting: "Reconnecting…",
  feedStopped: (message: string) => `Not live: ${message}`,
  feedNotFollowed: "Not live: your roles do not include following the CAD feed (cad.view); the MDT refreshes every 30 seconds.",
  feedLabel: "Feed",
  lookupTitle: "PNC",
  lookup: "PNC look-up",
  lookupHint: "A plate or a name, two characters or more.",
  searching: "Searching…",
  noMatches: "No person or vehicle matches.",
  results: "Results",
  people: "People",
  vehicles: "Vehicles",
  markers: (count: number) => (count === 1 ? "1 marker" : `${count} markers`),
  stolen: "STOLEN",
  warrant: "Warrant",
  noKeeper: "No keeper",
  detail: "Look-up detail",
  closeDetail: "Close",
  plate: "Plate",
  makeModel: "Make and model",
  colour: "Colour",
  keeper: "Keeper",
  flags: "Flags",
  noFlags: "None",
  name: "Name",
  reference: "Reference",
  dateOfBirth: "Date of birth",
  licence: "Licence",
  noLicence: "No licence",
  activeMarkers: "Active markers",
  activeWarrants: "Active warrants",
  none: "None",
  loading: "Loading…"
} as const

/** A unit's status as people read it (the word goes with its colour). */
export const unitStatusWords = {
  OFF_DUTY: "Off duty",
  AVAILABLE: "Available",
  ASSIGNED: "Assigned",
  EN_ROUTE: "En route",
  ON_SCENE: "On scene",
  BUSY: "Busy",
  UNAVAILABLE: "Unavailable"
} as const

export const priorityWords = { IMMEDIATE: "Immediate", PRIORITY: "Priority", SCHEDULED: "Scheduled", RESOLUTION: "Resolution" } as const

/** A vehicle's official statuses that an officer must see at once (the good ones are not flags). */
export const vehicleFlagWords = {
  UNINSURED: "Uninsured",
  MOT_EXPIRED: "MOT expired",
  UNTAXED: "Untaxed",
  SORN: "SORN",
  REGISTRATION_SUSPENDED: "Registration suspended",
  SCRAPPED: "Scrapped"
} as const

export const markerWords = {
  PERSON_BOLO: "Person BOLO",
  VEHICLE_BOLO: "Vehicle BOLO",
  WANTED: "Wanted",
  MISSING_PERSON: "Missing person",
  OFFICER_SAFETY: "Officer safety",
  STOLEN_VEHICLE: "Stolen vehicle",
  GENERAL: "General"
} as const

export const licenceWords = { VALID: "Valid", EXPIRED: "Expired", SUSPENDED: "Suspended", REVOKED: "Revoked" } as const
