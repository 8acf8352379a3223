import type { AccountId, RoleId, StaffProfileId } from "@bluelight/core/identity"
import type { ShiftId, ShiftStatus, ShiftType } from "@bluelight/core/shifts"
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { DateTime } from "effect"
import { call } from "../api/client.js"

/** The Staff room's reads and writes, each through the typed client. Every shift query key starts with "shifts". */
export const staffKeys = {
  all: ["staff"] as const,
  list: (active: string, offset: number) => ["staff", "list", active, offset] as const,
  everyone: ["staff", "everyone"] as const,
  profile: (id: string) => ["staff", "profile", id] as const,
  roles: ["staff", "roles"] as const,
  accounts: (search: string) => ["staff", "accounts", search] as const,
  shifts: ["shifts"] as const,
  /** The one key of my active shift: the header's clock and the room's "My shift" read and write it. */
  myShift: ["shifts", "mine"] as const,
  shiftList: (filters: ShiftFilters, offset: number) => ["shifts", "list", filters.staffId, filters.status, offset] as const,
  summary: (from: string, to: string) => ["shifts", "summary", from, to] as const
}

export const PAGE = 50

/** `GET /staff`: one page of profiles by display name; `active` "" for everyone. */
export const useStaffPage = (active: "" | "true" | "false", offset: number) =>
  useQuery({
    queryKey: staffKeys.list(active, offset),
    queryFn: () => call((api) => api.staff.listStaff({ query: { limit: PAGE, offset, ...(active === "" ? {} : { active: active === "true" }) } })),
    placeholderData: keepPreviousData
  })

export type StaffMember = NonNullable<ReturnType<typeof useStaffPage>["data"]>["data"][number]

/** Every staff profile (pages of 100 until the last): names for the shift lists and the summary, and the roles staff hold. */
const fetchEveryone = async (): Promise<ReadonlyArray<StaffMember>> => {
  const all: Array<StaffMember> = []
  for (let offset = 0;; offset += 100) {
    const answer = await call((api) => api.staff.listStaff({ query: { limit: 100, offset } }))
    all.push(...answer.data)
    if (!answer.meta.hasMore || answer.data.length === 0) return all
  }
}

export const useEveryone = (enabled: boolean) => useQuery({ queryKey: staffKeys.everyone, queryFn: fetchEveryone, enabled })

/** A profile's display name by its id, from the directory when it may be read. */
export const useStaffNames = (enabled: boolean): ReadonlyMap<string, string> => {
  const everyone = useEveryone(enabled)
  return new Map((everyone.data ?? []).map((member) => [member.id, member.account.displayName]))
}

export const useStaffProfile = (id: StaffProfileId) =>
  useQuery({ queryKey: staffKeys.profile(id), queryFn: () => call((api) => api.staff.getStaff({ params: { id } })).then((answer) => answer.data) })

export interface RoleChoice {
  readonly id: RoleId
  readonly name: string
}

/**
 * The roles one may grant: every role (`GET /admin/roles`) with `admin.manage`; without it the API
 * lists none, so the roles staff hold already (the directory) are what is offered.
 */
export const useRoleChoices = (fromAdmin: boolean) => {
  const everyone = useEveryone(!fromAdmin)
  const roles = useQuery({
    queryKey: staffKeys.roles,
    queryFn: () => call((api) => api.admin.listRoles({ query: { limit: 100, offset: 0 } })).then((answer) => answer.data),
    enabled: fromAdmin
  })
  if (fromAdmin) return { roles: roles.data?.map(({ id, name }) => ({ id, name })), error: roles.error }
  const seen = new Map<string, RoleChoice>()
  for (const member of everyone.data ?? []) for (const role of member.roles) seen.set(role.id, { id: role.id, name: role.name })
  const sorted = [...seen.values()].sort((a, b) => a.name.localeCompare(b.name, "en-GB"))
  return { roles: everyone.data === undefined ? undefined : sorted, error: everyone.error }
}

/** `GET /admin/accounts?search=` (admin.manage): accounts whose display name holds the words. */
export const useAccountSearch = (search: string) =>
  useQuery({
    queryKey: staffKeys.accounts(search),
    queryFn: ({ signal }) => call((api) => api.admin.listAccounts({ query: { limit: 10, offset: 0, search } }), signal).then((answer) => answer.data),
    enabled: search.trim().length > 0
  })

/** Writes to profiles: the answer replaces the profile on screen, and the lists read again. */
export const useStaffWrites = () => {
  const queries = useQueryClient()
  const done = (member: StaffMember) => {
    queries.setQueryData(staffKeys.profile(member.id), member)
    void queries.invalidateQueries({ queryKey: staffKeys.all, predicate: (query) => query.queryKey[1] !== "profile" })
  }
  return {
    create: useMutation({
      mutationFn: (input: { readonly accountId: AccountId; readonly roleIds: ReadonlyArray<RoleId> }) =>
        call((api) => api.staff.createStaff({ payload: input })).then((answer) => answer.data),
      onSuccess: done
    }),
    update: useMutation({
      mutationFn: (input: { readonly id: StaffProfileId; readonly active?: boolean; readonly roleIds?: ReadonlyArray<RoleId> }) => {
        const { id, ...payload } = input
        return call((api) => api.staff.updateStaff({ params: { id }, payload })).then((answer) => answer.data)
      },
      onSuccess: done
    })
  }
}

export interface ShiftFilters {
  readonly staffId: string
  readonly status: "" | ShiftStatus
}

/** `GET /shifts` with the filters chosen, newest first. */
export const useShiftPage = (filters: ShiftFilters, offset: number) =>
  useQuery({
    queryKey: staffKeys.shiftList(filters, offset),
    queryFn: () =>
      call((api) =>
        api.shifts.listShifts({
          query: {
            limit: PAGE,
            offset,
            ...(filters.staffId === "" ? {} : { staffId: filters.staffId as StaffProfileId }),
            ...(filters.status === "" ? {} : { status: filters.status })
          }
        })
      ),
    placeholderData: keepPreviousData
  })

export type Shift = NonNullable<ReturnType<typeof useShiftPage>["data"]>["data"][number]

const fetchMyShift = (staffId: StaffProfileId) =>
  call((api) => api.shifts.listShifts({ query: { limit: 1, offset: 0, staffId, status: "ACTIVE" } })).then((answer) => answer.data[0] ?? null)

/**
 * My active shift, or null: one query key for the whole app, so a shift started on one page shows
 * on every page; read again when the window comes back into focus (another tab may have ended it).
 */
export const useMyShift = (staffId: StaffProfileId) =>
  useQuery({ queryKey: staffKeys.myShift, queryFn: () => fetchMyShift(staffId), refetchOnWindowFocus: "always" })

/** Starting and ending shifts: mine (the answer is my shift now) or another profile's (`shifts.manage`); the lists read again. */
export const useShiftWrites = () => {
  const queries = useQueryClient()
  const refresh = () => queries.invalidateQueries({ queryKey: staffKeys.shifts, predicate: (query) => query.queryKey[1] !== "mine" })
  return {
    start: useMutation({
      mutationFn: (type: ShiftType) => call((api) => api.shifts.startShift({ payload: { type } })).then((answer) => answer.data),
      onSuccess: (shift) => {
        queries.setQueryData(staffKeys.myShift, shift)
        void refresh()
      },
      // Already on shift (another tab, another page): read what is true now.
      onError: () => queries.invalidateQueries({ queryKey: staffKeys.myShift })
    }),
    end: useMutation({
      mutationFn: (input: { readonly id: ShiftId; readonly mine: boolean }) =>
        call((api) => api.shifts.endShift({ payload: { id: input.id } })).then((answer) => answer.data),
      onSuccess: (_, input) => {
        if (input.mine) queries.setQueryData(staffKeys.myShift, null)
        else void queries.invalidateQueries({ queryKey: staffKeys.myShift })
        void refresh()
      },
      onError: () => queries.invalidateQueries({ queryKey: staffKeys.shifts })
    })
  }
}

/** Every line of the summary from `from` to `to` (ISO), pages of 100 until the last. */
const fetchSummary = async (from: string, to: string) => {
  const lines = []
  for (let offset = 0;; offset += 100) {
    const answer = await call((api) => api.shifts.shiftSummary({ query: { from: DateTime.makeUnsafe(from), to: DateTime.makeUnsafe(to), limit: 100, offset } }))
    lines.push(...answer.data)
    if (!answer.meta.hasMore || answer.data.length === 0) return lines
  }
}

export type ShiftTotal = Awaited<ReturnType<typeof fetchSummary>>[number]

export const useShiftSummary = (range: { readonly from: string; readonly to: string } | null) =>
  useQuery({
    queryKey: staffKeys.summary(range?.from ?? "", range?.to ?? ""),
    queryFn: () => fetchSummary(range!.from, range!.to),
    enabled: range !== null
  })
