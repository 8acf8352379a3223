import { Effect, Layer, Option } from "effect"
import { Accounts, Roles, type SessionRecord, SessionRecords, Sessions, StaffProfiles } from "./ports.js"
import type { Account } from "./Account.js"
import { MEMBER_ROLE_ID, MEMBER_ROLE_NAME } from "./Role.js"
import type { Session } from "./Session.js"
import { heldRoleIds } from "./StaffProfile.js"

/** The session record of a known session and account, read through the repositories. */
export const sessionRecordOf = Effect.fn("identity.sessionRecordOf")(function*(session: Session, account: Account) {
  const staff = Option.getOrNull(yield* StaffProfiles.use((s) => s.findByAccountId(account.id)))
  const roles = yield* Roles.use((r) => r.all)
  const record: SessionRecord = {
    session,
    account,
    staff,
    memberRole: roles.find((role) => role.id === MEMBER_ROLE_ID) ?? { id: MEMBER_ROLE_ID, name: MEMBER_ROLE_NAME, permissions: [] },
    staffRoles: staff === null ? [] : heldRoleIds(staff).flatMap((id) => roles.filter((role) => role.id === id))
  }
  return record
})

/**
 * `SessionRecords` composed from the repositories, a read each: for the
 * in-memory ports and any store without a joined read.
 */
export const SessionRecordsFromRepositories = Layer.effect(
  SessionRecords,
  Effect.map(Effect.context<Sessions | Accounts | StaffProfiles | Roles>(), (context) => ({
    findByTokenHash: Effect.fn("SessionRecordsFromRepositories.findByTokenHash")(function*(tokenHash: string) {
      const session = yield* Sessions.use((s) => s.findByTokenHash(tokenHash))
      if (Option.isNone(session)) return Option.none()
      const account = yield* Accounts.use((a) => a.findById(session.value.accountId))
      if (Option.isNone(account)) return Option.none()
      return Option.some(yield* sessionRecordOf(session.value, account.value))
    }, Effect.provide(context))
  }))
)
