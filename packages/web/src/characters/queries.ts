import type { CivilianId, LicenceCategory, OwnerCivilianView, VehicleId, VehicleType } from "@bluelight/core/civilians"
import type { BluelightApiClient } from "@bluelight/client"
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { call } from "../api/client.js"
import { ApiFailure } from "../api/failure.js"

/**
 * The civilian portal's reads and writes, each through the typed client. Every key starts with
 * "characters": a write reads again the character it changed and the list.
 */
export const characterKeys = {
  all: ["characters"] as const,
  lists: ["characters", "list"] as const,
  list: (offset: number) => ["characters", "list", offset] as const,
  one: (id: string) => ["characters", "one", id] as const
}

export type Character = OwnerCivilianView

/** How many characters one page of the list shows. */
export const PAGE_SIZE = 50

/** `GET /civilians`: my characters, newest first, a page at a time. */
export const useCharacterList = (offset: number) =>
  useQuery({
    queryKey: characterKeys.list(offset),
    queryFn: () => call((api) => api.civilians.listCivilians({ query: { limit: PAGE_SIZE, offset } }))
  })

/** `GET /civilians/{id}`: one character as its owner sees it. */
export const useCharacter = (id: CivilianId) =>
  useQuery({
    queryKey: characterKeys.one(id),
    queryFn: () => call((api) => api.civilians.getCivilian({ params: { id } })).then((answer) => answer.data)
  })

/**
 * Refusals that mean the character changed since it was shown (a licence issued meanwhile, the
 * identity locked by a record, a vehicle no longer kept): the character is read again, so the page
 * shows it as it now is beside the API's message.
 */
const STALE = new Set(["LICENCE_EXISTS", "INVALID_STATE", "NOT_FOUND"])

/**
 * After a write: the character as the API answered it, when the answer is the whole character;
 * otherwise the character is read again. The list is read again either way.
 */
const useCharacterWrite = <I, A>(id: CivilianId | undefined, write: (input: I) => Promise<A>, answersCharacter: (answer: A) => Character | undefined) => {
  const queries = useQueryClient()
  return useMutation({
    mutationFn: write,
    onError: (error) => {
      if (id !== undefined && error instanceof ApiFailure && STALE.has(error.code)) void queries.invalidateQueries({ queryKey: characterKeys.one(id) })
    },
    onSuccess: (answer) => {
      const character = answersCharacter(answer)
      if (character !== undefined) queries.setQueryData(characterKeys.one(character.id), character)
      else if (id !== undefined) void queries.invalidateQueries({ queryKey: characterKeys.one(id) })
      void queries.invalidateQueries({ queryKey: characterKeys.lists })
    }
  })
}

type Civilians = BluelightApiClient["civilians"]
export type CharacterInput = Parameters<Civilians["createCivilian"]>[0]["payload"]
export type CharacterChange = Parameters<Civilians["updateCivilian"]>[0]["payload"]

/** `POST /civilians`: a new character of mine. */
export const useCreateCharacter = () =>
  useCharacterWrite(
    undefined,
    (input: CharacterInput) => call((api) => api.civilians.createCivilian({ payload: input })).then((answer) => answer.data),
    (character) => character
  )

/** `PATCH /civilians/{id}`: only the fields that changed. */
export const useUpdateCharacter = (id: CivilianId) =>
  useCharacterWrite(
    id,
    (change: CharacterChange) => call((api) => api.civilians.updateCivilian({ params: { id }, payload: change })).then((answer) => answer.data),
    (character) => character
  )

/** `POST /civilians/{id}/licence`. */
export const useApplyForLicence = (id: CivilianId) =>
  useCharacterWrite(
    id,
    (categories: ReadonlyArray<LicenceCategory>) =>
      call((api) => api.civilians.issueLicence({ params: { id }, payload: { categories } })).then((answer) => answer.data),
    () => undefined
  )

export interface VehicleInput {
  readonly plate: string
  readonly make: string
  readonly model: string
  readonly colour: string
  readonly type: VehicleType
}

/** `POST /civilians/{id}/vehicles`. */
export const useRegisterVehicle = (id: CivilianId) =>
  useCharacterWrite(
    id,
    (vehicle: VehicleInput) => call((api) => api.civilians.registerVehicle({ params: { id }, payload: vehicle })).then((answer) => answer.data),
    () => undefined
  )

/** `POST /civilians/{id}/vehicles/{vehicleId}/transfer`. */
export const useTransferVehicle = (id: CivilianId) =>
  useCharacterWrite(
    id,
    ({ vehicleId, toReference }: { readonly vehicleId: VehicleId; readonly toReference: string }) =>
      call((api) => api.civilians.transferVehicle({ params: { id, vehicleId }, payload: { toReference } })).then((answer) => answer.data),
    () => undefined
  )
