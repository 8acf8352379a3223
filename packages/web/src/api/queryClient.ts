import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query"
import { noteAnswered, noteFailure } from "../app/problems.js"
import { ApiFailure, ConnectionLost } from "./failure.js"

/**
 * The app's cache of what the API answered. A refusal is never retried (the API meant it); a lost
 * connection is, with backoff, while the shell says it is reconnecting. Every failure is also
 * offered to the shell (`problems.ts`): an ended session or a disabled account stops the app.
 */
export const makeQueryClient = (): QueryClient =>
  new QueryClient({
    // Before the first `GET /api/me` answered, its UNAUTHENTICATED means "not signed in", not "session ended".
    queryCache: new QueryCache({
      onError: (error, query) => query.queryKey[0] === "me" && query.state.data === undefined ? undefined : noteFailure(error),
      onSuccess: noteAnswered
    }),
    mutationCache: new MutationCache({ onError: noteFailure, onSuccess: noteAnswered }),
    defaultOptions: {
      queries: {
        retry: (count, error) => error instanceof ConnectionLost && count < 1_000,
        retryDelay: (count) => Math.min(1_000 * 2 ** count, 15_000),
        refetchOnWindowFocus: false,
        staleTime: 30_000
      },
      mutations: { retry: false }
    }
  })

export const isRefusal = (error: unknown): error is ApiFailure => error instanceof ApiFailure
