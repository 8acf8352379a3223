import { Context, DateTime, Effect, Layer, Option, Ref } from "effect"
import {
  DirectoryUnavailable,
  IdentityProviderDirectory,
  type MemberRoles,
  type Role,
  type RoleLink,
  type RoleLinkId,
  RoleLinks,
  type RoleLinkView,
  type RoleSyncRun,
  RoleSyncRuns
} from "../identity/index.js"
import { type Page, toPage } from "../kernel/index.js"
import { InMemoryDatabase } from "./InMemoryDatabase.js"
import { ROLES_TABLE } from "./identity.js"

export const ROLE_LINKS_TABLE = "role_links"
export const ROLE_SYNC_RUNS_TABLE = "role_sync_runs"

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The links over the in-memory tables, joined with their roles as the SQL one is. */
export const InMemoryRoleLinks = Layer.effect(
  RoleLinks,
  InMemoryDatabase.useSync((db) => {
    const views = Effect.gen(function*() {
      const roles = yield* db.rows<Role>(ROLES_TABLE)
      return (yield* db.rows<RoleLink>(ROLE_LINKS_TABLE)).flatMap((link): Array<RoleLinkView> => {
        const role = roles.find((candidate) => candidate.id === link.roleId)
        if (role === undefined) return []
        return [{
          id: link.id,
          providerRoleId: link.providerRoleId,
          role: { id: role.id, name: role.name },
          createdAt: link.createdAt,
          createdBy: link.createdBy
        }]
      })
    })
    return {
      list: (page: Page) =>
        Effect.map(views, (all) => {
          const sorted = [...all].sort((a, b) => a.createdAt.epochMilliseconds - b.createdAt.epochMilliseconds || compareText(a.id, b.id))
          return toPage(sorted.slice(page.offset, page.offset + page.limit + 1), page)
        }),
      all: db.rows<RoleLink>(ROLE_LINKS_TABLE),
      findByIdForUpdate: (id: RoleLinkId) => Effect.map(views, (all) => Option.fromNullishOr(all.find((link) => link.id === id))),
      insert: (link: RoleLink) =>
        Effect.flatMap(
          db.rows<RoleLink>(ROLE_LINKS_TABLE),
          (rows) =>
            rows.some((other) => other.providerRoleId === link.providerRoleId && other.roleId === link.roleId)
              ? Effect.succeed(false)
              : Effect.as(db.insert(ROLE_LINKS_TABLE, link), true)
        ),
      remove: (id: RoleLinkId) => db.update<RoleLink>(ROLE_LINKS_TABLE, (rows) => rows.filter((link) => link.id !== id))
    }
  })
)

/** The runs over the in-memory tables; the lease is one holder and its end, kept outside transactions as Postgres's row is. */
export const InMemoryRoleSyncRuns = Layer.effect(
  RoleSyncRuns,
  Effect.gen(function*() {
    const db = yield* InMemoryDatabase
    const lease = yield* Ref.make<{ readonly holder: string; readonly until: DateTime.Utc } | null>(null)
    return {
      claim: (holder: string, now: DateTime.Utc, until: DateTime.Utc) =>
        Ref.modify(lease, (current) =>
          current === null || current.holder === holder || !DateTime.isGreaterThan(current.until, now)
            ? [true, { holder, until }]
            : [false, current]),
      release: (holder: string) => Ref.update(lease, (current) => (current?.holder === holder ? null : current)),
      record: (run: RoleSyncRun) => db.insert(ROLE_SYNC_RUNS_TABLE, { ...run, id: String(run.finishedAt.epochMilliseconds) }),
      last: Effect.map(
        db.rows<RoleSyncRun & { readonly id: string }>(ROLE_SYNC_RUNS_TABLE),
        (runs) => Option.map(Option.fromNullishOr(runs.at(-1)), ({ id: _id, ...run }): RoleSyncRun => run)
      )
    }
  })
)

/** What the kit's identity provider directory answers for a person: their membership, or a failure. */
export type DirectoryAnswer = MemberRoles | DirectoryUnavailable

/** The kit's directory: answers by identity id (not a member unless set), and the identity ids asked, in order. */
export class DirectoryAnswers extends Context.Service<DirectoryAnswers, {
  readonly answers: Ref.Ref<ReadonlyMap<string, DirectoryAnswer>>
  readonly asked: Ref.Ref<ReadonlyArray<string>>
}>()("@bluelight/core/testing/DirectoryAnswers") {}

/** From now on the directory answers `answer` for `identityId`. */
export const setDirectoryAnswer = (identityId: string, answer: DirectoryAnswer) =>
  DirectoryAnswers.use((directory) => Ref.update(directory.answers, (map) => new Map(map).set(identityId, answer)))

/** The directory answers that `identityId` is a member holding `roles`. */
export const setMemberRoles = (identityId: string, roles: ReadonlyArray<string>) => setDirectoryAnswer(identityId, { _tag: "Member", roles })

/** A failure the kit's directory can answer with: a `5xx`, a timeout, or a `429` asking for `retryAfterSeconds`. */
export const directoryFailure = (reason: string, retryAfterSeconds: number | null = null) => new DirectoryUnavailable({ reason, retryAfterSeconds })

/** An identity-provider directory steered by `DirectoryAnswers`; `configured` as given (`true` unless said). */
export const TestIdentityProviderDirectory = (configured = true) =>
  Layer.effect(
    IdentityProviderDirectory,
    DirectoryAnswers.useSync((directory) => ({
      configured,
      memberRoles: (identityId: string) =>
        Effect.gen(function*() {
          yield* Ref.update(directory.asked, (asked) => [...asked, identityId])
          const answer = (yield* Ref.get(directory.answers)).get(identityId) ?? { _tag: "NotMember" as const }
          return answer instanceof DirectoryUnavailable ? yield* answer : answer
        })
    }))
  ).pipe(
    Layer.provideMerge(Layer.effect(
      DirectoryAnswers,
      Effect.all({ answers: Ref.make<ReadonlyMap<string, DirectoryAnswer>>(new Map()), asked: Ref.make<ReadonlyArray<string>>([]) })
    ))
  )
