import type { BluelightApiClient } from "@bluelight/client"
import { useQuery } from "@tanstack/react-query"
import { call } from "../../api/client.js"

type Admin = BluelightApiClient["admin"]
export type RoleLinkBody = Parameters<Admin["createRoleLink"]>[0]["payload"]
type RoleLinkId = Parameters<Admin["removeRoleLink"]>[0]["params"]["id"]

export const roleLinkKeys = {
  links: ["admin", "role-links"] as const,
  roles: ["admin", "role-links", "roles"] as const,
  sync: ["admin", "role-sync"] as const
}

/** The API's largest page. */
export const ROLE_LINKS_PAGE = 100

const listLinks = () => call((api) => api.admin.listRoleLinks({ query: { limit: ROLE_LINKS_PAGE, offset: 0 } }))
export type RoleLinksAnswer = Awaited<ReturnType<typeof listLinks>>
export type RoleLink = RoleLinksAnswer["data"][number]

/** `GET /admin/role-links`: oldest first. */
export const useRoleLinks = () => useQuery({ queryKey: roleLinkKeys.links, queryFn: listLinks })

/** `GET /admin/roles`: the roles a link may give (built-in first). */
export const useRoles = () =>
  useQuery({
    queryKey: roleLinkKeys.roles,
    queryFn: () => call((api) => api.admin.listRoles({ query: { limit: ROLE_LINKS_PAGE, offset: 0 } })).then((answer) => answer.data)
  })
export type Role = NonNullable<ReturnType<typeof useRoles>["data"]>[number]

/** `GET /admin/role-sync`: whether sync is configured, and its last run. */
export const useRoleSync = () => useQuery({ queryKey: roleLinkKeys.sync, queryFn: () => call((api) => api.admin.getRoleSync()).then((answer) => answer.data) })
export type RoleSyncStatus = NonNullable<ReturnType<typeof useRoleSync>["data"]>

export const createRoleLink = (payload: RoleLinkBody) => call((api) => api.admin.createRoleLink({ payload })).then((answer) => answer.data)
export const removeRoleLink = (id: RoleLinkId) => call((api) => api.admin.removeRoleLink({ params: { id } })).then((answer) => answer.data)
export { isLinkable } from "@bluelight/core/identity"

export const runRoleSync = () => call((api) => api.admin.runRoleSync()).then((answer) => answer.data)
