import { Context, Effect, Layer, Option, Redacted, Ref } from "effect"
import { AccessSettings } from "../identity/index.js"

/** The developer password behind the kit's `AccessSettings`, which a test may change, and how many times it was read. */
export class DeveloperPassword extends Context.Service<DeveloperPassword, {
  readonly value: Ref.Ref<Option.Option<string>>
  readonly reads: Ref.Ref<number>
}>()("@bluelight/core/testing/DeveloperPassword") {}

/** Sets the developer password (`null`: none configured), as an operator changing the setting would. */
export const setDeveloperPassword = (password: string | null) => DeveloperPassword.use((p) => Ref.set(p.value, Option.fromNullishOr(password)))

/** How many times the rules read the developer password so far. */
export const developerPasswordReads = DeveloperPassword.use((p) => Ref.get(p.reads))

/** `AccessSettings` with fixed administrator identity ids and a developer password a test can change. */
export const TestAccessSettings = (settings: {
  readonly adminIdentityIds: ReadonlyArray<string>
  readonly developerPassword: string | null
}) =>
  Layer.effect(
    AccessSettings,
    DeveloperPassword.useSync((p) => ({
      adminIdentityIds: new Set(settings.adminIdentityIds),
      developerPassword: Effect.andThen(
        Ref.update(p.reads, (n) => n + 1),
        Effect.map(Ref.get(p.value), Option.map(Redacted.make))
      )
    }))
  ).pipe(
    Layer.provideMerge(Layer.effect(
      DeveloperPassword,
      Effect.all({ value: Ref.make(Option.fromNullishOr(settings.developerPassword)), reads: Ref.make(0) })
    ))
  )
