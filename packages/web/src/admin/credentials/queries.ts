import type { Permission, ServiceCredentialId } from "@bluelight/core/identity"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { call } from "../../api/client.js"
import { noteAnswered, noteFailure } from "../../app/problems.js"

const credentialsKey = ["admin", "services"] as const

export const useCredentials = (offset: number) =>
  useQuery({
    queryKey: [...credentialsKey, offset],
    queryFn: () => call((api) => api.admin.listServices({ query: { limit: 50, offset } }))
  })
export type Credential = NonNullable<ReturnType<typeof useCredentials>["data"]>["data"][number]

export interface CredentialInput {
  readonly name: string
  readonly scopes: ReadonlyArray<Permission>
  readonly lifetimeDays: number
}

/**
 * `POST /admin/services`, called outside the query and mutation caches on purpose: the answer holds the
 * token, which must live only in the dialog that shows it once. The shell still hears of a failure
 * (an ended session) and of an answer; the list is read again (it never holds tokens).
 */
export const useIssueCredential = () => {
  const queries = useQueryClient()
  return async (input: CredentialInput) => {
    try {
      const answer = await call((api) => api.admin.issueService({ payload: input }))
      noteAnswered()
      void queries.invalidateQueries({ queryKey: credentialsKey })
      return answer.data
    } catch (error) {
      noteFailure(error)
      throw error
    }
  }
}
export type IssuedCredential = Awaited<ReturnType<ReturnType<typeof useIssueCredential>>>

/** `DELETE /admin/services/{id}`; the list is read again. */
export const useRevokeCredential = () => {
  const queries = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => call((api) => api.admin.revokeService({ params: { id: id as ServiceCredentialId } })).then((answer) => answer.data),
    onSuccess: () => queries.invalidateQueries({ queryKey: credentialsKey })
  })
}
