import type { V2Server } from "../protocol.js"

/** A player's place as the v2 `Players` section gives it. */
export type SimulatedLocation = NonNullable<NonNullable<V2Server["Players"]>[number]["Location"]>

/** The map's half-width: coordinates run from `-MAP_EXTENT` to `MAP_EXTENT` on both axes, the origin at the centre. */
export const MAP_EXTENT = 1600

/** One square of the map: its postal code, its main street, and a landmark for emergency calls' position descriptors. */
interface District {
  readonly postalCode: string
  readonly streetName: string
  readonly place: string
}

const CELL = 800

/**
 * The simulated map: a 4×4 grid of 800-unit squares, west to east, then
 * north (negative Z) to south. Enough streets and postal codes for CAD to
 * show a believable location; not the game's real map.
 */
const DISTRICTS: ReadonlyArray<District> = [
  { postalCode: "101", streetName: "Ridgeway Road", place: "Ridgeway Quarry" },
  { postalCode: "102", streetName: "Pine Avenue", place: "Pine Campground" },
  { postalCode: "103", streetName: "Lakeview Drive", place: "Lakeview Marina" },
  { postalCode: "104", streetName: "Harbour Lane", place: "Harbour Docks" },
  { postalCode: "201", streetName: "Elm Street", place: "Elm Street School" },
  { postalCode: "202", streetName: "Main Street", place: "City Hall" },
  { postalCode: "203", streetName: "Park Street", place: "Central Park" },
  { postalCode: "204", streetName: "Station Road", place: "Railway Station" },
  { postalCode: "205", streetName: "Mill Road", place: "Old Mill" },
  { postalCode: "206", streetName: "Bank Street", place: "First National Bank" },
  { postalCode: "207", streetName: "Market Street", place: "Farmers Market" },
  { postalCode: "208", streetName: "Hospital Way", place: "County Hospital" },
  { postalCode: "301", streetName: "Farm Road", place: "Greenfield Farm" },
  { postalCode: "302", streetName: "Industrial Parkway", place: "Steel Works" },
  { postalCode: "303", streetName: "Airport Road", place: "County Airfield" },
  { postalCode: "304", streetName: "Highway 1", place: "Highway Rest Stop" }
]

const clamp = (value: number) => Math.min(MAP_EXTENT - 0.001, Math.max(-MAP_EXTENT, value))

const districtAt = (x: number, z: number): { district: District; column: number; row: number } => {
  const column = Math.floor((clamp(x) + MAP_EXTENT) / CELL)
  const row = Math.floor((clamp(z) + MAP_EXTENT) / CELL)
  return { district: DISTRICTS[row * 4 + column] as District, column, row }
}

/** Where a point of the map is: its square's postal code and street, and an even building number that grows along the square. */
export const locate = (x: number, z: number): SimulatedLocation => {
  const { column, district, row } = districtAt(x, z)
  const along = clamp(x) + MAP_EXTENT - column * CELL + (clamp(z) + MAP_EXTENT - row * CELL)
  return {
    LocationX: x,
    LocationZ: z,
    PostalCode: district.postalCode,
    StreetName: district.streetName,
    BuildingNumber: String(100 + 2 * Math.floor(along / 8))
  }
}

/** A short description of a point, as emergency calls carry it: the square's landmark and street. */
export const describePosition = (x: number, z: number): string => {
  const { district } = districtAt(x, z)
  return `Near ${district.place}, ${district.streetName}`
}
