import type { CivilianStatus } from "@bluelight/core/civilians"
import { characters as words } from "../strings/index.js"

const TONE: Readonly<Record<CivilianStatus, string>> = { ACTIVE: "ok", INACTIVE: "muted", DECEASED: "danger" }

/** A character's status: its word, and its colour. */
export const StatusBadge = ({ status }: { readonly status: CivilianStatus }) => <span className={`badge ${TONE[status]}`}>{words.statuses[status]}</span>
