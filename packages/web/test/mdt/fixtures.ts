/** Wire-shaped records for the MDT's tests, as the API answers them (JSON), and the same decoded where a plain module needs them. */
export const ACCOUNT = "01a2352a-d94e-7539-a6d0-e6e376d98952"
export const UNIT = "01a2352a-d94e-7539-a6d0-e6e376d98a01"
export const OTHER_UNIT = "01a2352a-d94e-7539-a6d0-e6e376d98a02"
export const INCIDENT = "01a2352a-d94e-7539-a6d0-e6e376d98b01"
export const CREW = "01a2352a-d94e-7539-a6d0-e6e376d98c01"
export const AT = "2026-12-02T05:00:00.000Z"

export const crewMember = (unitId: string, identifier = "4521", userId = ACCOUNT) => ({
  id: CREW,
  unitId,
  userId,
  identifier,
  joinedAt: AT,
  leftAt: null,
  user: { id: userId, displayName: "Olly Officer", identity: null, platform: null, staff: { id: "01a2352a-d94e-7539-a6d0-e6e376d98d01", active: true } }
})

export const unitJson = (over: Record<string, unknown> = {}) => ({
  id: UNIT,
  callsign: "MP21",
  agencyCode: "MPS",
  type: "RESPONSE",
  status: "AVAILABLE",
  incidentId: null,
  version: 3,
  createdAt: AT,
  updatedAt: AT,
  crew: [crewMember(UNIT)],
  ...over
})

export const incidentJson = (over: Record<string, unknown> = {}) => ({
  id: INCIDENT,
  number: 42,
  status: "OPEN",
  priority: "IMMEDIATE",
  type: "Road traffic collision",
  location: "A1 junction 4",
  description: "Two vehicles, one injured",
  controlNotes: "",
  version: 2,
  createdAt: AT,
  updatedAt: AT,
  closedAt: null,
  ...over
})
