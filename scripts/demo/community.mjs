// What the demo community holds: the README's roles and people, units of several types, the
// member's characters with their licences and vehicles, one stolen vehicle, an example charges
// catalogue and a record citing one of its charges, waiting calls and an open incident. Everything is
// found again by its name, callsign, plate, code or title, so a second run adds nothing.

/** The development provider's identities the demo signs in (the first four are its page's buttons). */
export const PEOPLE = {
  admin: { id: "dev-admin", username: "alex.admin", displayName: "Alex Admin" },
  dispatcher: { id: "dev-dispatcher", username: "dana.dispatcher", displayName: "Dana Dispatcher" },
  officer: { id: "dev-officer", username: "olly.officer", displayName: "Olly Officer" },
  member: { id: "dev-member", username: "mo.member", displayName: "Mo Member" },
  sergeant: { id: "dev-sergeant", username: "sid.sergeant", displayName: "Sid Sergeant" },
  moderator: { id: "dev-moderator", username: "mia.moderator", displayName: "Mia Moderator" }
}

/** The roles of the README's first evening in the web client (Administrator and Member are built in); docs/first-evening-with-curl.md makes a smaller Officer by hand. */
export const ROLES = [
  {
    name: "Dispatcher",
    permissions: ["cad.view", "cad.dispatch", "cad.incidents.create", "cad.incidents.manage", "cad.units.manage", "cad.calls.manage"]
  },
  {
    name: "Officer",
    permissions: [
      "cad.unit.self",
      "cad.view",
      "pnc.view",
      "pnc.records.manage",
      "pnc.licences.manage",
      "pnc.warrants.manage",
      "pnc.markers.manage",
      "pnc.vehicles.manage"
    ]
  },
  {
    name: "Supervisor",
    permissions: ["staff.view", "shifts.view", "shifts.manage", "sessions.view", "sessions.manage", "audit.view"]
  },
  {
    name: "Moderator",
    permissions: [
      "moderation.view",
      "moderation.warn",
      "moderation.kick",
      "moderation.ban",
      "moderation.history",
      "players.view",
      "players.lookup",
      "server.view"
    ]
  }
]

/** Who is staff, with which roles (by name): a sergeant is an officer who also supervises (and approves a colleague's warrant). */
export const STAFF = [
  { person: "dispatcher", roles: ["Dispatcher"] },
  { person: "officer", roles: ["Officer"] },
  { person: "sergeant", roles: ["Officer", "Supervisor"] },
  { person: "moderator", roles: ["Moderator"] }
]

export const UNITS = [
  { callsign: "MP-101", agencyCode: "MPS", type: "RESPONSE" },
  { callsign: "MP-102", agencyCode: "MPS", type: "RESPONSE" },
  { callsign: "MP-201", agencyCode: "MPS", type: "TRAFFIC" },
  { callsign: "MP-301", agencyCode: "MPS", type: "DOG" },
  { callsign: "LAS-401", agencyCode: "LAS", type: "AMBULANCE" },
  { callsign: "LFB-501", agencyCode: "LFB", type: "FIRE" }
]

/** Mo Member's characters; the first vehicle is the one reported stolen. */
export const CHARACTERS = [
  {
    fields: { fullName: "Sam Taylor", dateOfBirth: "1988-03-14", gender: "MALE", address: "12 Grove Street, Bluelight City" },
    categories: ["B"],
    vehicles: [{ plate: "BL24 ABC", make: "Ford", model: "Focus", colour: "Blue", type: "CAR" }]
  },
  {
    fields: { fullName: "Priya Shah", dateOfBirth: "1994-11-02", gender: "FEMALE", address: "3 Vinewood Court, Bluelight City" },
    categories: ["A", "B"],
    vehicles: [
      { plate: "BL19 XYZ", make: "Honda", model: "CB500", colour: "Red", type: "MOTORCYCLE" },
      { plate: "BL21 KLM", make: "Vauxhall", model: "Corsa", colour: "White", type: "CAR" }
    ]
  },
  {
    fields: { fullName: "Tom Hughes", dateOfBirth: "1979-07-21", gender: "MALE", address: "Unit 4, Docks Road, Bluelight City" },
    categories: ["B", "C"],
    vehicles: [{ plate: "BL70 VAN", make: "Ford", model: "Transit", colour: "Silver", type: "VAN" }]
  }
]

export const STOLEN = { plate: "BL24 ABC", reason: "Reported stolen by the keeper from Grove Street overnight" }

/**
 * An example charges catalogue (the community's penal code), a handful of traffic and public-order
 * offences with fines in pounds and points as a UK court would give them: the administrator makes them
 * (`POST /api/pnc/charges`); a community changes, retires and adds its own.
 */
export const CHARGES = [
  {
    code: "SP30",
    title: "Exceeding the speed limit on a public road",
    category: "Traffic",
    fineMin: 100,
    fineMax: 1000,
    points: 3,
    endorsementCode: "SP30",
    warningApplicable: true
  },
  {
    code: "TS10",
    title: "Failing to comply with a red traffic light",
    category: "Traffic",
    fineMin: 100,
    fineMax: 1000,
    points: 3,
    endorsementCode: "TS10",
    warningApplicable: true
  },
  {
    code: "CU80",
    title: "Using a hand-held mobile phone while driving",
    category: "Traffic",
    fineMin: 200,
    fineMax: 1000,
    points: 6,
    endorsementCode: "CU80"
  },
  {
    code: "IN10",
    title: "Using a vehicle without insurance",
    category: "Traffic",
    fineMin: 300,
    fineMax: 5000,
    points: 6,
    endorsementCode: "IN10"
  },
  {
    code: "DR10",
    title: "Driving with excess alcohol",
    category: "Traffic",
    fineMin: 500,
    fineMax: 5000,
    points: 11,
    endorsementCode: "DR10",
    custodyMaxDays: 180
  },
  {
    code: "PO5",
    title: "Causing harassment, alarm or distress",
    category: "Public order",
    fineMin: 0,
    fineMax: 1000,
    points: 0,
    warningApplicable: true
  },
  {
    code: "DD1",
    title: "Drunk and disorderly in a public place",
    category: "Public order",
    fineMin: 0,
    fineMax: 1000,
    points: 0,
    warningApplicable: true
  },
  {
    code: "PO3",
    title: "Affray",
    category: "Public order",
    fineMin: 0,
    fineMax: 5000,
    points: 0,
    custodyMaxDays: 1095
  }
]

/**
 * A record Olly Officer makes against one of Mo Member's characters, citing a charge of the
 * catalogue: its fine, points and endorsement code come from the charge (the fine's floor), and the
 * points go on the character's licence.
 */
export const CITED = {
  character: "Priya Shah",
  record: {
    type: "CITATION",
    title: "Speeding on Vinewood Boulevard",
    description: "Recorded at 52 mph in a 30 mph limit; stopped and spoken to",
    location: "Vinewood Boulevard"
  },
  charges: [{ code: "SP30", count: 1 }]
}

/** Calls Control has not yet taken, entered as a dispatcher would (the game adds its own). */
export const CALLS = [
  { callerName: "Jo Bloggs", callerNumber: "07700 900123", location: "Legion Square", description: "Two people fighting outside the bank" },
  { callerName: "Ravi Patel", callerNumber: null, location: "Vinewood Boulevard", description: "Smoke coming from the back of a shop" }
]

export const INCIDENTS = [
  { type: "Burglary", priority: "PRIORITY", location: "14 Grove Street", description: "Back door forced while the occupants were away" }
]
