import { useQuery } from "@tanstack/react-query"
import { useCallback, useEffect, useMemo, useRef, useState } from "react"
import { ApiFailure } from "../api/failure.js"
import { useCadFeed } from "../live/cadFeed.js"
import { applyEntry } from "./applyEntry.js"
import { acknowledgePanic, type Board, boardOf, type Entry, type Incident, putCall, putIncident, putUnit, type Unit } from "./board.js"
import { getIncident, getUnit, readBoard, runIntent, type Written } from "./cadCalls.js"
import { type FieldChange, incidentChanges, type Intent, subjectOf, unitChanges, versionFor } from "./intents.js"
import { makeRefetcher } from "../live/refetcher.js"

/** A move refused with `CAD_CONFLICT`: the move, the record as it now is (read again) and what changed in it. */
export interface Conflict {
  readonly intent: Intent
  readonly now: { readonly unit: Unit } | { readonly incident: Incident } | null
  readonly changes: ReadonlyArray<FieldChange>
}

/** How a move ended: done, refused (its failure, for the form or the notice), or in conflict (the notice offers the redo). */
export type MoveResult = { readonly _tag: "Done" } | { readonly _tag: "Refused"; readonly failure: Error } | { readonly _tag: "Conflict" }

const detailAsIncident = ({ units: _units, calls: _calls, ...incident }: Awaited<ReturnType<typeof getIncident>>): Incident => incident

/**
 * Control's board: read once, then kept by the live feed, entry by entry. The board lives in a ref
 * (what moves read their `version` from, and what every entry is applied to at once) and is drawn
 * from state; each record an entry moved is read again by id, coalesced.
 */
export const useBoard = () => {
  const snapshot = useQuery({ queryKey: ["control", "board"], queryFn: readBoard, staleTime: Infinity, gcTime: 0 })
  const [board, setBoard] = useState<Board | null>(null)
  const current = useRef<Board | null>(null)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [problem, setProblem] = useState<Error | null>(null)

  const update = useCallback((change: (board: Board) => Board) => {
    if (current.current === null) return
    current.current = change(current.current)
    setBoard(current.current)
  }, [])

  useEffect(() => {
    if (snapshot.data === undefined || current.current !== null) return
    current.current = boardOf(snapshot.data)
    setBoard(current.current)
  }, [snapshot.data])

  const refetchers = useMemo(() => ({
    unit: makeRefetcher<Unit["id"]>((id) =>
      getUnit(id).then((unit) => update((board) => putUnit(board, unit)), (error: unknown) => {
        if (error instanceof ApiFailure && error.code === "NOT_FOUND") {
          update((board) => {
            const units = new Map(board.units)
            units.delete(id)
            return { ...board, units }
          })
        }
      })
    ),
    incident: makeRefetcher<Incident["id"]>((id) => getIncident(id).then((detail) => update((board) => putIncident(board, detailAsIncident(detail)))))
  }), [update])
  useEffect(() => () => {
    refetchers.unit.stop()
    refetchers.incident.stop()
  }, [refetchers])

  const onEntry = useCallback((entry: Entry) => {
    if (current.current === null) return
    const applied = applyEntry(current.current, entry)
    if (applied.board === current.current) return
    current.current = applied.board
    setBoard(applied.board)
    for (const stale of applied.stale) {
      if (stale.kind === "unit") refetchers.unit.ask(stale.id)
      else refetchers.incident.ask(stale.id)
    }
  }, [refetchers])

  const feed = useCadFeed(board !== null, { after: snapshot.data?.seq }, onEntry)

  const put = useCallback((written: Written) => {
    if ("unit" in written) update((board) => putUnit(board, written.unit))
    else update((board) => putIncident(board, written.incident))
  }, [update])

  /** Runs a move with the version on the board now; a `CAD_CONFLICT` reads the record again and keeps the move for a redo. */
  const move = useCallback(async (intent: Intent): Promise<MoveResult> => {
    const board = current.current
    const version = board === null ? undefined : versionFor(board, intent)
    setProblem(null)
    if (board === null || version === undefined) {
      const failure = new Error("This record is no longer on the board.")
      setProblem(failure)
      return { _tag: "Refused", failure }
    }
    try {
      put(await runIntent(intent, version))
      setConflict((shown) => (shown?.intent === intent ? null : shown))
      return { _tag: "Done" }
    } catch (error) {
      if (error instanceof ApiFailure && error.code === "CAD_CONFLICT") {
        const subject = subjectOf(intent)
        try {
          if (subject.kind === "unit") {
            const unit = await getUnit(subject.id)
            const changes = unitChanges(current.current?.units.get(subject.id), unit)
            update((board) => putUnit(board, unit))
            setConflict({ intent, now: { unit }, changes })
          } else {
            const incident = detailAsIncident(await getIncident(subject.id))
            const changes = incidentChanges(current.current?.incidents.get(subject.id), incident)
            update((board) => putIncident(board, incident))
            setConflict({ intent, now: { incident }, changes })
          }
        } catch {
          setConflict({ intent, now: null, changes: [] })
        }
        return { _tag: "Conflict" }
      }
      const failure = error instanceof Error ? error : new Error(String(error))
      setProblem(failure)
      return { _tag: "Refused", failure }
    }
  }, [put, update])

  const redo = useCallback(async (): Promise<MoveResult | null> => {
    if (conflict === null) return null
    setConflict(null)
    return move(conflict.intent)
  }, [conflict, move])

  return {
    snapshot,
    board,
    feed,
    conflict,
    problem,
    move,
    redo,
    dismissConflict: useCallback(() => setConflict(null), []),
    dismissProblem: useCallback(() => setProblem(null), []),
    showProblem: setProblem,
    putUnit: useCallback((unit: Unit) => update((board) => putUnit(board, unit)), [update]),
    putIncident: useCallback((incident: Incident) => update((board) => putIncident(board, incident)), [update]),
    dropCall: useCallback((call: Parameters<typeof putCall>[1]) => update((board) => putCall(board, call)), [update]),
    acknowledge: useCallback((seq: number) => update((board) => acknowledgePanic(board, seq)), [update])
  }
}

export type BoardState = ReturnType<typeof useBoard>
