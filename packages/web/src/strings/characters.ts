/** The My characters room's words (the civilian portal). English (UK). */

const list = (items: ReadonlyArray<string>): string => items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`

export const characters = {
  title: "My characters",
  lead: "The characters you play: their details, driving licence, vehicles and the records the police have disclosed to you.",
  loading: "Loading…",
  newCharacter: "New character",
  backToList: "Back to My characters",
  listLabel: "Your characters",
  none: "You have no characters yet. Create one to apply for a licence and register vehicles.",
  previousPage: "Previous page",
  nextPage: "Next page",
  pageOf: (from: number, to: number) => `Characters ${from} to ${to}`,
  columns: {
    name: "Name",
    reference: "Reference",
    dateOfBirth: "Date of birth",
    status: "Status",
    licence: "Licence",
    vehicles: "Vehicles"
  },
  noLicence: "None",

  // The character's fields, as labels.
  fields: {
    fullName: "Full name",
    dateOfBirth: "Date of birth",
    gender: "Gender",
    address: "Address",
    phone: "Phone (optional)",
    occupation: "Occupation (optional)",
    imageUrl: "Picture link (optional)",
    notes: "Private notes (optional)",
    status: "Status"
  },
  facts: { phone: "Phone", occupation: "Occupation", imageUrl: "Picture" },
  genders: { MALE: "Male", FEMALE: "Female", NON_BINARY: "Non-binary", UNSPECIFIED: "Not stated" },
  statuses: { ACTIVE: "Active", INACTIVE: "Inactive", DECEASED: "Deceased" },
  notStated: "Not stated",
  identity: "Identity",
  chooseGender: "Choose…",

  // Creating one.
  newTitle: "New character",
  newLead: "The name, date of birth and gender become fixed once the character has official history (a licence or a record).",
  create: "Create character",
  creating: "Creating…",
  cancel: "Cancel",
  invalidForm: "Some fields need changing before this can be sent.",

  // One character.
  notFoundTitle: "Character not found",
  notFoundLead: "There is no character of yours at this address.",
  reference: "Reference",
  details: "Details",
  editDetails: "Edit details",
  save: "Save changes",
  saving: "Saving…",
  saved: "Saved.",
  nothingChanged: "Nothing has changed: there is nothing to save.",
  identityLocked: "Locked: this character has official history (a licence or a record), so only staff can change the name, date of birth and gender.",
  deceasedLocked: "Only staff can change a deceased character's status.",
  notes: "Private notes",
  noNotes: "None",
  createdAt: "Created",
  updatedAt: "Last changed",

  // The licence.
  licence: "Driving licence",
  licenceNone: "This character has no driving licence.",
  applyTitle: "Apply for a licence",
  categories: "Categories",
  categoryWords: { A: "A: motorcycles", B: "B: cars", C: "C: large goods vehicles", D: "D: buses" },
  apply: "Apply for licence",
  applying: "Applying…",
  ageToday: (age: number) => `Aged ${age} today.`,
  oldEnough: (minimum: number) => `Old enough for every category (the minimum age is ${minimum}).`,
  tooYoung: (categories: ReadonlyArray<string>, minimum: number, birthday: string) =>
    `Too young for ${list(categories)}: a licence holder must be aged ${minimum} or over on the day of issue. ` +
    `Old enough from ${birthday}.`,
  notActiveForLicence: (status: string) => `A ${status.toLowerCase()} character cannot be given a licence: only an active one can.`,
  licenceNumber: "Licence number",
  licenceStatus: "Status",
  points: "Points",
  issuedAt: "Issued",
  expiresAt: "Expires",
  suspendedUntil: "Suspended until",
  suspendedIndefinitely: "Until reinstated",
  suspensionReason: "Reason for suspension",
  suspensionReasons: { TOTTING_UP: "Totting up: the points reached the community's limit" } as Readonly<Record<string, string>>,
  endorsements: "Endorsements",
  noEndorsements: "No endorsements.",
  endorsementColumns: { code: "Code", reason: "Reason", points: "Points", createdAt: "Added", expiresAt: "Expires", state: "State" },
  endorsementActive: "Active",
  endorsementSpent: "Spent",
  never: "Never",

  // Vehicles.
  vehicles: "Vehicles",
  noVehicles: "This character keeps no vehicles.",
  vehicleColumns: {
    plate: "Plate",
    vehicle: "Make and model",
    colour: "Colour",
    type: "Type",
    statuses: "Registration, insurance, MOT, tax",
    keeperSince: "Keeper since",
    actions: "Actions"
  },
  vehicleTypes: { CAR: "Car", MOTORCYCLE: "Motorcycle", VAN: "Van", LORRY: "Lorry", BUS: "Bus", OTHER: "Other" },
  registrationStatuses: { REGISTERED: "Registered", SUSPENDED: "Registration suspended", SCRAPPED: "Scrapped" },
  insuranceStatuses: { INSURED: "Insured", UNINSURED: "Uninsured" },
  motStatuses: { VALID: "MOT valid", EXPIRED: "MOT expired" },
  taxStatuses: { TAXED: "Taxed", UNTAXED: "Untaxed", SORN: "SORN" },
  registerTitle: "Register a vehicle",
  plate: "Plate",
  make: "Make",
  model: "Model",
  colour: "Colour",
  type: "Type",
  register: "Register vehicle",
  registering: "Registering…",
  notActiveForVehicle: (status: string) => `A ${status.toLowerCase()} character cannot keep a vehicle: only an active one can.`,
  transfer: "Transfer",
  transferLabel: (plate: string) => `Transfer ${plate}`,
  transferTitle: (plate: string) => `Transfer ${plate} to another character`,
  transferLead:
    "The new keeper is another active character, named by reference. Once transferred, the vehicle leaves this character: only the new keeper's player can pass it on again.",
  toReference: "New keeper's reference (CIV-…)",
  confirmTransfer: "Transfer vehicle",
  transferring: "Transferring…",
  transferred: (plate: string, reference: string) => `${plate} now belongs to ${reference}.`,

  // Records.
  records: "My disclosed records",
  recordsLead: "The records the police have disclosed to this character. Others may exist that are not shown.",
  noRecords: "No records have been disclosed to this character.",
  recordColumns: {
    reference: "Reference",
    occurredAt: "When",
    type: "Type",
    title: "Title",
    location: "Where",
    fine: "Fine",
    points: "Points",
    vehicle: "Vehicle",
    status: "Status"
  },
  recordTypes: {
    CITATION: "Citation",
    CAUTION: "Caution",
    ARREST: "Arrest",
    CHARGE: "Charge",
    WARNING: "Warning",
    INTELLIGENCE: "Intelligence"
  },
  recordStatuses: { OPEN: "Open", CLOSED: "Closed", VOID: "Void" },
  noVehicle: "None",
  scrollable: (table: string) => `${table}, scrolls sideways`
} as const
