import type { Permission, RoleId } from "@bluelight/core/identity"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { call } from "../../api/client.js"

const rolesKey = ["admin", "roles"] as const

/** Every role: `GET /admin/roles` page after page (the API has no read of one role; a community has tens of them). */
const fetchRoles = async () => {
  const roles = []
  for (let offset = 0;;) {
    const answer = await call((api) => api.admin.listRoles({ query: { limit: 100, offset } }))
    roles.push(...answer.data)
    if (!answer.meta.hasMore) return roles
    offset += answer.meta.limit
  }
}
export type Role = Awaited<ReturnType<typeof fetchRoles>>[number]

export interface RoleInput {
  readonly name: string
  readonly permissions: ReadonlyArray<Permission>
}

export const useRoles = () => useQuery({ queryKey: rolesKey, queryFn: fetchRoles })

/** `POST /admin/roles`; the list is read again. */
export const useCreateRole = () => {
  const queries = useQueryClient()
  return useMutation({
    mutationFn: (input: RoleInput) => call((api) => api.admin.createRole({ payload: input })).then((answer) => answer.data),
    onSuccess: () => queries.invalidateQueries({ queryKey: rolesKey })
  })
}

/** `PATCH /admin/roles/{id}` with the name and every permission the role should hold; the list is read again. */
export const useUpdateRole = (id: string) => {
  const queries = useQueryClient()
  return useMutation({
    mutationFn: (input: RoleInput) => call((api) => api.admin.updateRole({ params: { id: id as RoleId }, payload: input })).then((answer) => answer.data),
    onSuccess: () => queries.invalidateQueries({ queryKey: rolesKey })
  })
}
