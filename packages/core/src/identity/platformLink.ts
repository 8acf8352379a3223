import { DateTime, Effect, Option } from "effect"
import type { UserCaller } from "./Caller.js"
import { PlatformAccountTaken, Unauthenticated } from "./errors.js"
import { AuditLog, inTransaction, InvalidState } from "../kernel/index.js"
import { Accounts, PlatformProvider, Tokens } from "./ports.js"
import { sanitisePlatformProfile } from "./profileText.js"
import { createSignInState, redeemSignInState, SECRET_BYTES } from "./signIn.js"

const taken = new PlatformAccountTaken({ message: "That game-platform account is linked to another account" })

/** Starts linking a game-platform account (PKCE S256), bound to this session. */
export const startPlatformLink = Effect.fn("identity.startPlatformLink")(function*(caller: UserCaller) {
  if (!(yield* PlatformProvider).available) {
    return yield* new InvalidState({ message: "Game-platform linking is not configured on this server" })
  }
  const tokens = yield* Tokens
  const codeVerifier = yield* tokens.random(SECRET_BYTES)
  const state = yield* createSignInState("platform", { codeVerifier, sessionId: caller.session.id })
  const provider = yield* PlatformProvider
  return { state, redirectTo: provider.authorizationUrl(state, yield* tokens.pkceChallenge(codeVerifier)) }
})

/**
 * Completes the link, only in the session that started it. One platform
 * account links to one account, and an account keeps the one it linked
 * (there is no unlink).
 */
export const completePlatformLink = Effect.fn("identity.completePlatformLink")(function*(caller: UserCaller, input: {
  readonly state: string
  readonly boundState: string | undefined
  readonly code: string
}) {
  const stored = yield* redeemSignInState("platform", input.state, input.boundState)
  if (stored.sessionId !== caller.session.id || stored.codeVerifier === null) {
    return yield* new Unauthenticated({ message: "Linking must finish in the session that started it" })
  }
  const unconfirmed = new Unauthenticated({ message: "The game platform did not confirm the link; start again" })
  const profile = yield* PlatformProvider.use((p) => p.exchange(input.code, stored.codeVerifier!)).pipe(
    Effect.mapError(() => unconfirmed),
    Effect.flatMap((raw) => Option.match(sanitisePlatformProfile(raw), { onNone: () => Effect.fail(unconfirmed), onSome: Effect.succeed }))
  )
  const accounts = yield* Accounts
  const audit = yield* AuditLog
  return yield* inTransaction(Effect.gen(function*() {
    const owner = yield* accounts.findByPlatformId(profile.id)
    if (Option.isSome(owner) && owner.value.id !== caller.account.id) return yield* taken
    // Written onto the locked row, so a status changed since this session was checked is kept.
    const account = Option.getOrElse(yield* accounts.findByIdForUpdate(caller.account.id), () => caller.account)
    if (account.platform !== null && account.platform.id !== profile.id) {
      return yield* new InvalidState({ message: "This account is already linked to another game-platform account" })
    }
    const linked = { ...account, platform: { id: profile.id, username: profile.username }, updatedAt: yield* DateTime.now }
    if (!(yield* accounts.update(linked))) return yield* taken
    yield* audit.record({
      action: "account.platform.linked",
      actor: { type: "user", id: account.id },
      targetType: "account",
      targetId: account.id,
      data: { platformId: profile.id, platformUsername: profile.username }
    })
    return linked
  }))
})
