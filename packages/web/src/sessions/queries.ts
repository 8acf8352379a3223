import type { RoleplaySessionId } from "@bluelight/core/shifts"
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query"
import { DateTime } from "effect"
import { call } from "../api/client.js"

/** The Sessions room's reads and writes, each through the typed client. */
export const sessionKeys = { all: ["sessions"] as const }

const PAGE = 100

const fetchPage = (offset: number) => call((api) => api.roleplaySessions.listRoleplaySessions({ query: { limit: PAGE, offset } }))

/** `GET /sessions`, latest `scheduledFor` first, a hundred at a time ("Show older sessions" reads the next). */
export const useSessions = () =>
  useInfiniteQuery({
    queryKey: sessionKeys.all,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, _, offset) => (last.meta.hasMore ? offset + PAGE : undefined)
  })

export type RoleplaySession = Awaited<ReturnType<typeof fetchPage>>["data"][number]

export type SessionMove = "start" | "end" | "cancel"

const moves = {
  start: (id: RoleplaySessionId) => call((api) => api.roleplaySessions.startRoleplaySession({ params: { id } })),
  end: (id: RoleplaySessionId) => call((api) => api.roleplaySessions.endRoleplaySession({ params: { id } })),
  cancel: (id: RoleplaySessionId) => call((api) => api.roleplaySessions.cancelRoleplaySession({ params: { id } }))
}

/** Scheduling and the moves; the list reads again after each (and after a refusal, which means the screen was behind). */
export const useSessionWrites = () => {
  const queries = useQueryClient()
  const refresh = () => queries.invalidateQueries({ queryKey: sessionKeys.all })
  return {
    schedule: useMutation({
      mutationFn: (input: { readonly title: string; readonly description: string; readonly scheduledFor: string }) =>
        call((api) =>
          api.roleplaySessions.scheduleRoleplaySession({
            payload: {
              title: input.title,
              ...(input.description.trim() === "" ? {} : { description: input.description }),
              scheduledFor: DateTime.makeUnsafe(input.scheduledFor)
            }
          })
        ).then((answer) => answer.data),
      onSuccess: refresh
    }),
    move: useMutation({
      mutationFn: (input: { readonly id: RoleplaySessionId; readonly move: SessionMove }) => moves[input.move](input.id).then((answer) => answer.data),
      onSettled: refresh
    })
  }
}
