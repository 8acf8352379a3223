import type { ChargeId } from "@bluelight/core/civilians"
import type { BluelightApiClient } from "@bluelight/client"
import { keepPreviousData, useQuery } from "@tanstack/react-query"
import { call } from "../../api/client.js"

/** Which charges the list shows: those in use (the API's default), the retired ones, or all. */
export type Standing = "true" | "false" | "all"

const standingQuery = (standing: Standing): boolean | "all" => (standing === "all" ? "all" : standing === "true")

/** The most charges one read lists (the API's largest page). */
export const CHARGES_PAGE = 100

const listCharges = (search: string, standing: Standing, signal?: AbortSignal) =>
  call((api) =>
    api.pncCharges.listCharges({
      query: { limit: CHARGES_PAGE, offset: 0, active: standingQuery(standing), ...(search.trim() === "" ? {} : { search: search.trim() }) }
    }), signal)

export type ChargesPage = Awaited<ReturnType<typeof listCharges>>
export type Charge = ChargesPage["data"][number]

export const chargeKeys = {
  all: ["admin", "charges"] as const,
  list: (search: string, standing: Standing) => ["admin", "charges", "list", search.trim(), standing] as const,
  one: (id: string) => ["admin", "charges", "one", id] as const
}

/**
 * `GET /pnc/charges`: the catalogue by code, the last answer kept on screen while the next search is
 * read; a search superseded before its answer is cancelled.
 */
export const useCharges = (search: string, standing: Standing, enabled: boolean) =>
  useQuery({
    queryKey: chargeKeys.list(search, standing),
    queryFn: ({ signal }) => listCharges(search, standing, signal),
    enabled,
    placeholderData: keepPreviousData
  })

/** `GET /pnc/charges/{id}`: one charge, in use or retired. */
export const useCharge = (id: string) =>
  useQuery({
    queryKey: chargeKeys.one(id),
    queryFn: () => call((api) => api.pncCharges.getCharge({ params: { id: id as ChargeId } })).then((answer) => answer.data)
  })

type Charges = BluelightApiClient["pncCharges"]
export type ChargeBody = Parameters<Charges["createCharge"]>[0]["payload"]
export type ChargeChangeBody = Parameters<Charges["changeCharge"]>[0]["payload"]

/** `POST /pnc/charges`. */
export const createCharge = (payload: ChargeBody) => call((api) => api.pncCharges.createCharge({ payload })).then((answer) => answer.data)

/** `PATCH /pnc/charges/{id}`: only the fields sent change. */
export const changeCharge = (id: ChargeId, payload: ChargeChangeBody) =>
  call((api) => api.pncCharges.changeCharge({ params: { id }, payload })).then((answer) => answer.data)
