import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { call } from "../api/client.js"
import { ApiFailure, ConnectionLost, problemsOf } from "../api/failure.js"

/**
 * `POST /api/auth/developer`, the one request not made through the typed client: the contract
 * leaves its body to the endpoint (it reads `{"password"}` itself, so that every refusal is the same
 * `401`), so the client has no body to encode. Its answer is read back as the envelope.
 */
const enableDeveloperAccess = async (password: string): Promise<void> => {
  const response = await fetch("/api/auth/developer", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password })
  }).catch(() => {
    throw new ConnectionLost()
  })
  if (response.ok) return
  const envelope = await response.json().catch(() => null) as { error?: { code?: string; message?: string; details?: unknown } } | null
  const error = envelope?.error
  throw new ApiFailure(error?.code ?? "INTERNAL", error?.message ?? response.statusText, problemsOf(error?.details), error?.details, undefined)
}

/** `GET /api/me`: who is signed in, their staff profile, roles and permissions. */
export const meQuery = { queryKey: ["me"] as const, queryFn: () => call((api) => api.auth.me()).then((answer) => answer.data) }

export type Me = Awaited<ReturnType<typeof meQuery.queryFn>>

/**
 * Who is signed in, read again when the window comes back into focus and every minute while signed
 * in: a role granted or a staff profile made or deactivated meanwhile opens or closes rooms without
 * signing in again (the API re-checks on every request; this is the navigation catching up).
 */
export const useMe = () =>
  useQuery({
    ...meQuery,
    refetchOnWindowFocus: (query) => (query.state.data === undefined ? false : "always"),
    refetchInterval: (query) => (query.state.data === undefined ? false : 60_000)
  })

/** Signs out (`POST /api/auth/logout`) and starts the app again signed out. */
export const useSignOut = () =>
  useMutation({
    mutationFn: () => call((api) => api.auth.signOut()),
    onSettled: () => window.location.assign("/")
  })

/** Developer Access on (with the server's developer password) or off; `GET /api/me` then says what this session may do. */
export const useDeveloperAccess = () => {
  const queries = useQueryClient()
  const refreshed = (me: Me) => {
    queries.setQueryData(meQuery.queryKey, me)
    void queries.invalidateQueries({ predicate: (query) => query.queryKey[0] !== "me" })
  }
  const refreshedAll = () => queries.invalidateQueries()
  return {
    on: useMutation({ mutationFn: enableDeveloperAccess, onSuccess: () => refreshedAll() }),
    off: useMutation({ mutationFn: () => call((api) => api.auth.disableDeveloperAccess()).then((answer) => answer.data), onSuccess: refreshed })
  }
}
