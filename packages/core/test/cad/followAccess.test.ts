/**
 * The guard that keeps an open CAD stream to its caller's access, and the
 * access watch that marks it, on the in-memory ports and the test clock: a
 * marked caller's access is read again and a refusal ends the stream; an
 * unmarked one is not read again line after line; expiry ends it too.
 */
import { createIncident, guardFollower } from "@bluelight/core/cad"
import {
  ACCESS_POLL,
  AccessChanges,
  type AccessSubject,
  AccessWatch,
  AccountId,
  authenticateCredential,
  authenticateSession,
  issueCredential,
  makeAccessWatch,
  revokeCredential,
  ServiceCredentials
} from "@bluelight/core/identity"
import { accessNotChecked, InMemoryAccessChanges, testPorts } from "@bluelight/core/testing"
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Fiber, Layer, Ref } from "effect"
import { TestClock } from "effect/testing"
import { signIn } from "../identity/helpers.js"

const RULE = { access: "session-or-credential", permissions: ["cad.view"] } as const
const DAY = Duration.days(1)
const INCIDENT = { type: "RTC", priority: "IMMEDIATE", location: "A1", description: "", controlNotes: "" } as const

/** An admin, and a credential with `cad.view` issued by them, authenticated as a caller. */
const reader = (lifetimeDays = 30) =>
  Effect.gen(function*() {
    const admin = yield* Effect.flatMap(signIn("admin"), ({ token }) => authenticateSession(token))
    const { credential, token } = yield* issueCredential(admin, { name: "reader", scopes: ["cad.view"], lifetimeDays })
    return { admin, credential, caller: yield* authenticateCredential(token) }
  })

/** The guard, over credentials that count how often access is read. */
const countedGuard = (caller: Effect.Success<ReturnType<typeof reader>>["caller"]) =>
  Effect.gen(function*() {
    const reads = yield* Ref.make(0)
    const credentials = yield* ServiceCredentials
    const guard = yield* guardFollower(caller, RULE).pipe(
      Effect.provideService(ServiceCredentials, {
        ...credentials,
        findById: (id) => Effect.andThen(Ref.update(reads, (n) => n + 1), credentials.findById(id))
      })
    )
    return { guard, reads: Ref.get(reads) }
  })

const catchUp = AccessWatch.use((watch) => watch.catchUp)

/** Whether the fiber has finished, once everything that can run has. */
const finished = <A>(fiber: Fiber.Fiber<A>) => Effect.andThen(TestClock.adjust(0), Effect.sync(() => fiber.pollUnsafe() !== undefined))

describe("a guarded stream on the access watch", () => {
  it.effect("reads access on opening, then not again line after line, nor for CAD changes, while nothing concerns its caller", () =>
    Effect.gen(function*() {
      const { admin, caller } = yield* reader()
      const { guard, reads } = yield* countedGuard(caller)
      // The first catch-up marks the stream for what was committed while nobody was watched (the sign-in, the issue).
      yield* catchUp
      expect(yield* guard.allowed).toBe(true)
      const opened = yield* reads
      for (let i = 0; i < 20; i++) expect(yield* guard.allowed).toBe(true)
      for (let i = 0; i < 5; i++) {
        yield* createIncident(admin, INCIDENT)
        yield* catchUp
        expect(yield* guard.allowed).toBe(true)
      }
      expect(yield* reads).toBe(opened)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("reads access again once a change is caught up, and ends at once when refused", () =>
    Effect.gen(function*() {
      const { admin, credential, caller } = yield* reader()
      const { guard, reads } = yield* countedGuard(caller)
      const refused = yield* Effect.forkChild(guard.refused)
      expect(yield* guard.allowed).toBe(true)
      expect(yield* finished(refused)).toBe(false)
      yield* revokeCredential(admin, credential.id)
      // Not caught up yet: whatever would go out was read before the revocation, and the guard has no cause to read.
      expect(yield* guard.allowed).toBe(true)
      expect(yield* reads).toBe(1)
      yield* catchUp
      expect(yield* finished(refused)).toBe(true)
      expect(yield* guard.allowed).toBe(false)
      expect(yield* reads).toBe(2)
      // Refused for good: no more reads.
      expect(yield* guard.allowed).toBe(false)
      expect(yield* reads).toBe(2)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))

  it.effect("ends within one poll of a revocation when the watch polls, with no line waiting", () =>
    Effect.gen(function*() {
      const { admin, credential, caller } = yield* reader()
      const { guard } = yield* countedGuard(caller)
      const refused = yield* Effect.forkChild(guard.refused)
      yield* TestClock.adjust(Duration.times(ACCESS_POLL, 4))
      expect(yield* finished(refused)).toBe(false)
      yield* revokeCredential(admin, credential.id)
      yield* TestClock.adjust(ACCESS_POLL)
      expect(yield* finished(refused)).toBe(true)
    }).pipe(
      accessNotChecked,
      Effect.provide(makeAccessWatch(ACCESS_POLL).pipe(Layer.provide(InMemoryAccessChanges), Layer.provideMerge(testPorts())))
    ))

  it.effect("ends when the credential expires, by the clock", () =>
    Effect.gen(function*() {
      const { caller } = yield* reader(1)
      const { guard, reads } = yield* countedGuard(caller)
      const refused = yield* Effect.forkChild(guard.refused)
      yield* TestClock.adjust(Duration.subtract(DAY, Duration.millis(1)))
      expect(yield* guard.allowed).toBe(true)
      expect(yield* reads).toBe(1)
      yield* TestClock.adjust(Duration.millis(1))
      // A line after the expiry waits for a read, with no mark needed.
      expect(yield* guard.allowed).toBe(false)
      expect(yield* reads).toBe(2)
      yield* catchUp
      expect(yield* finished(refused)).toBe(true)
    }).pipe(accessNotChecked, Effect.provide(testPorts())))
})

/** An access change log the test writes to, one change per epoch. */
const scriptedChanges = () => {
  const log: Array<AccessSubject> = []
  let reads = 0
  const layer = Layer.succeed(AccessChanges, {
    latest: Effect.sync(() => log.length),
    since: (after: number) =>
      Effect.sync(() => {
        reads += 1
        return { epoch: log.length, subjects: log.slice(after) }
      })
  })
  return { push: (subject: AccessSubject) => log.push(subject), reads: () => reads, layer }
}

describe("the access watch", () => {
  it.effect("marks a watched caller for a change to their credential or to everyone, not for someone else's", () => {
    const changes = scriptedChanges()
    return Effect.gen(function*() {
      const { caller } = yield* reader()
      const { guard, reads } = yield* countedGuard(caller)
      expect(yield* guard.allowed).toBe(true)
      changes.push({ _tag: "Account", id: AccountId.make("someone-else") })
      changes.push({ _tag: "Credential", id: "another-credential" as typeof caller.credential.id })
      yield* catchUp
      expect(yield* guard.allowed).toBe(true)
      expect(yield* reads).toBe(1)
      changes.push({ _tag: "Credential", id: caller.credential.id })
      yield* catchUp
      expect(yield* guard.allowed).toBe(true)
      expect(yield* reads).toBe(2)
      changes.push({ _tag: "Everyone" })
      yield* catchUp
      expect(yield* guard.allowed).toBe(true)
      expect(yield* reads).toBe(3)
    }).pipe(accessNotChecked, Effect.provide(makeAccessWatch(null).pipe(Layer.provide(changes.layer), Layer.provideMerge(testPorts()))))
  })

  it.effect("reads the log every poll while a caller is watched, and not at all otherwise", () => {
    const changes = scriptedChanges()
    return Effect.gen(function*() {
      const { caller } = yield* reader()
      yield* TestClock.adjust(Duration.seconds(10))
      expect(changes.reads()).toBe(0)
      const watching = yield* AccessWatch.use((watch) => Effect.forkScoped(Effect.scoped(Effect.andThen(watch.watch(caller), Effect.never))))
      yield* TestClock.adjust(Duration.times(ACCESS_POLL, 4))
      expect(changes.reads()).toBeGreaterThanOrEqual(4)
      yield* Fiber.interrupt(watching)
      const after = changes.reads()
      yield* TestClock.adjust(Duration.seconds(10))
      expect(changes.reads()).toBe(after)
    }).pipe(accessNotChecked, Effect.provide(makeAccessWatch(ACCESS_POLL).pipe(Layer.provide(changes.layer), Layer.provideMerge(testPorts()))))
  })
})
