import type { CadEventView } from "@bluelight/core/cad"
import { useQueryClient } from "@tanstack/react-query"
import { useEffect, useMemo, useRef } from "react"
import { type FeedState, useCadFeed } from "../live/cadFeed.js"
import { applyToIncident, applyToMdt, combinedFeedState } from "./applyEntry.js"
import { makeRefetcher } from "../live/refetcher.js"
import { type IncidentDetailData, mdtKeys, type MyMdt } from "./queries.js"

type Refetch = "me" | "incident" | "units"

/** Remembers the last entries applied, so an entry both feeds carry (my unit's move on my incident) applies once. */
const SEEN_LIMIT = 200

/**
 * Follows the CAD feed for the MDT: my unit's entries (`unitId`) and my incident's (`incidentId`)
 * as two feeds, since the feed's filters narrow together; while I crew no unit, every entry, to
 * notice Control adding me to a crew. Each entry is applied to what is on screen; one that
 * concerns my unit or incident reads `GET /mdt/me` again (coalesced), for the `version` the next
 * status press needs. A feed that (re)starts afresh reads again once it is live, for what changed
 * between the first read and the feed opening; after a cut it resumes and needs no read.
 */
export const useMdtLive = (followed: boolean, mdt: MyMdt | undefined, myAccountId: string): FeedState => {
  const queries = useQueryClient()
  const unitId = mdt?.unit?.id
  const incidentId = mdt?.unit?.incidentId ?? undefined
  // One re-reader for the screen's life: an entry that changes my incident must not drop the read it asked for.
  const incidentNow = useRef(incidentId)
  incidentNow.current = incidentId
  const rereads = useMemo(() =>
    makeRefetcher<Refetch>((key) => {
      const queryKey = key === "me" ? mdtKeys.me : key === "units" ? mdtKeys.units : mdtKeys.incident(incidentNow.current ?? "")
      return queries.refetchQueries({ queryKey, type: "active" })
    }), [queries])
  useEffect(() => () => rereads.stop(), [rereads])

  const seen = useRef<Array<number>>([])
  const apply = (entry: CadEventView) => {
    if (seen.current.includes(entry.seq)) return
    seen.current = [...seen.current.slice(-(SEEN_LIMIT - 1)), entry.seq]
    const current = queries.getQueryData<MyMdt>(mdtKeys.me)
    if (current !== undefined) {
      const applied = applyToMdt(current, entry, myAccountId)
      if (applied.mdt !== current) queries.setQueryData(mdtKeys.me, applied.mdt)
      if (applied.refetch) rereads.ask("me")
      if (current.unit === null && (entry.type === "UNIT_CREATED" || entry.type === "UNIT_UPDATED")) rereads.ask("units")
    }
    if (incidentId !== undefined) {
      const detail = queries.getQueryData<IncidentDetailData>(mdtKeys.incident(incidentId))
      if (detail !== undefined) {
        const applied = applyToIncident(detail, entry)
        if (applied.detail !== detail) queries.setQueryData(mdtKeys.incident(incidentId), applied.detail)
        if (applied.refetch) rereads.ask("incident")
      }
    }
  }

  const ready = followed && mdt !== undefined
  const unitFeed = useCadFeed(ready, { unitId }, apply)
  const incidentFeed = useCadFeed(ready && incidentId !== undefined, { incidentId }, apply)
  useReadAgainWhenLive(unitFeed, () => rereads.ask("me"))
  useReadAgainWhenLive(incidentFeed, () => rereads.ask("incident"))
  return combinedFeedState(incidentId === undefined ? [unitFeed] : [unitFeed, incidentFeed])
}

/** Reads again when a feed becomes live from a fresh start (not when it resumes after a cut). */
const useReadAgainWhenLive = (state: FeedState, read: () => void) => {
  const previous = useRef<FeedState["_tag"]>(state._tag)
  const latest = useRef(read)
  latest.current = read
  useEffect(() => {
    if (state._tag === "Live" && previous.current === "Connecting") latest.current()
    previous.current = state._tag
  }, [state._tag])
}
