import type { Me } from "../app/session.js"
import type { OfficialPerson } from "./types.js"

/** SCAFFOLD: the actions an officer may take on a person (records, warrants, markers, the licence), shown on the person's page. */
export const PersonActions = (_: { readonly person: OfficialPerson; readonly me: Me }) => null
