import type { BluelightApiClient } from "@bluelight/client"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { call } from "../api/client.js"

/** The live reads: read again every 10 seconds while shown (TanStack pauses the interval while the tab is hidden). */
const LIVE = { refetchInterval: 10_000, refetchIntervalInBackground: false, staleTime: 5_000 } as const

/** One page of a live list: the most a panel shows. */
const PAGE = { limit: 100, offset: 0 } as const

export const moderationKeys = {
  all: ["moderation"] as const,
  live: (name: string) => ["moderation", "live", name] as const,
  lookup: (query: string) => ["moderation", "lookup", query] as const,
  history: (platformId: string, offset: number) => ["moderation", "history", platformId, offset] as const,
  actions: (filters: ActionFilters) => ["moderation", "actions", filters] as const,
  action: (id: string) => ["moderation", "action", id] as const
}

/** `GET /server`: name, players on, capacity, join key. */
export const useServerStatus = (enabled: boolean) =>
  useQuery({ queryKey: moderationKeys.live("status"), queryFn: () => call((api) => api.gameServer.serverStatus({ query: {} })), enabled, ...LIVE })

type LiveRead<A> = (api: BluelightApiClient, page: typeof PAGE) => import("effect").Effect.Effect<A, unknown>

/** A live list read through the typed client, every 10 seconds while shown. */
const useLive = <A>(name: string, read: LiveRead<A>, enabled: boolean) =>
  useQuery({ queryKey: moderationKeys.live(name), queryFn: () => call((api) => read(api, PAGE)), enabled, ...LIVE })

export const usePlayers = (enabled: boolean) => useLive("players", (api, query) => api.gameServer.serverPlayers({ query }), enabled)
export const useQueue = (enabled: boolean) => useLive("queue", (api, query) => api.gameLive.queue({ query }), enabled)
export const useStaff = (enabled: boolean) => useLive("staff", (api, query) => api.gameLive.staff({ query }), enabled)
export const useJoinLogs = (enabled: boolean) => useLive("joinLogs", (api, query) => api.gameLive.joinLogs({ query }), enabled)
export const useKillLogs = (enabled: boolean) => useLive("killLogs", (api, query) => api.gameLive.killLogs({ query }), enabled)
export const useCommandLogs = (enabled: boolean) => useLive("commandLogs", (api, query) => api.gameLive.commandLogs({ query }), enabled)
export const useModCalls = (enabled: boolean) => useLive("modCalls", (api, query) => api.gameLive.modCalls({ query }), enabled)
export const useBans = (enabled: boolean) => useLive("bans", (api, query) => api.gameLive.bans({ query }), enabled)
export const useEmergencyCalls = (enabled: boolean) => useLive("emergencyCalls", (api, query) => api.gameLive.emergencyCalls({ query }), enabled)

export type LivePlayer = NonNullable<ReturnType<typeof usePlayers>["data"]>["data"][number]

/** `GET /players/lookup?query=`: players on the server now by username or platform id. */
export const usePlayerLookup = (query: string) =>
  useQuery({
    queryKey: moderationKeys.lookup(query),
    queryFn: ({ signal }) => call((api) => api.gameServer.lookupPlayers({ query: { query, ...PAGE } }), signal),
    enabled: query !== ""
  })

export const HISTORY_PAGE = 25

/** `GET /players/{platformId}/history`: every action against the player, newest first, and the linked account. */
export const usePlayerHistory = (platformId: string, offset: number) =>
  useQuery({
    queryKey: moderationKeys.history(platformId, offset),
    queryFn: () => call((api) => api.moderation.playerHistory({ params: { platformId }, query: { limit: HISTORY_PAGE, offset } })),
    placeholderData: keepPreviousData
  })

export interface ActionFilters {
  readonly targetPlatformId: string
  readonly type: "" | "warn" | "kick" | "ban"
  readonly offset: number
}

export const ACTIONS_PAGE = 25

/** `GET /moderation/actions`, newest first, narrowed by target and type, a page at a time. */
export const useActions = (filters: ActionFilters) =>
  useQuery({
    queryKey: moderationKeys.actions(filters),
    queryFn: () =>
      call((api) =>
        api.moderation.listModerationActions({
          query: {
            limit: ACTIONS_PAGE,
            offset: filters.offset,
            ...(filters.targetPlatformId === "" ? {} : { targetPlatformId: filters.targetPlatformId }),
            ...(filters.type === "" ? {} : { type: filters.type })
          }
        })
      ),
    placeholderData: keepPreviousData
  })

export type ModerationActionData = NonNullable<ReturnType<typeof useActions>["data"]>["data"][number]

/** `GET /moderation/actions/{id}`: one action with its delivery as it stands. */
export const useAction = (id: ModerationActionData["id"]) =>
  useQuery({
    queryKey: moderationKeys.action(id),
    queryFn: () => call((api) => api.moderation.getModerationAction({ params: { id } })).then((answer) => answer.data)
  })

/** What a moderator writes of a warning, kick or ban. */
export interface ActionInput {
  readonly targetPlatformId: string
  readonly reason: string
  readonly evidence: string
}

/**
 * Sends one warning, kick or ban with the attempt's `Idempotency-Key` (a header, as the contract takes it):
 * the stored action and whether the server replayed it for the key.
 */
export const sendAction = (kind: "warn" | "kick" | "ban", key: string, input: ActionInput) => {
  const request = {
    headers: { "idempotency-key": key },
    payload: { targetPlatformId: input.targetPlatformId, reason: input.reason, evidence: input.evidence.trim() === "" ? null : input.evidence }
  }
  return call((api) =>
    kind === "warn" ? api.moderation.warnPlayer(request) : kind === "kick" ? api.moderation.kickPlayer(request) : api.moderation.banPlayer(request)
  ).then((answer) => ({ action: answer.data, replayed: answer.meta.replayed }))
}
