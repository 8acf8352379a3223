/**
 * Bluelight's oxlint plugin (`.oxlintrc.json` loads it as a JS plugin): rules no off-the-shelf
 * linter has for Effect code.
 *
 * `bluelight/no-floating-effect`: an Effect is a description of work; building one as a statement
 * and dropping it does nothing. `Effect.log("x")` on its own line inside `Effect.gen` never logs,
 * `Ref.set(ref, 1)` never sets: the author meant `yield* …`. The rule reports an expression
 * statement whose value is an Effect built from one of effect's modules (a call such as
 * `Effect.log(…)`, `Queue.offer(…)`, `Effect.gen(…)`, or such a call's `.pipe(…)`), that is: an
 * Effect neither yielded, returned, assigned nor passed. Running it (`Effect.runFork(…)`, the
 * `run*` functions) is not floating, the synchronous `*Unsafe` operations answer no Effect, and
 * `void …` marks a value dropped on purpose.
 *
 * It is syntactic (JS plugins see no types): it knows the modules by their import from `effect`
 * or `effect/*`, so an Effect returned by a service method (`repo.insert(…)` as a statement)
 * is not caught; `typescript/no-floating-promises` covers the Promise side of the same mistake.
 */

/** effect's modules whose functions answer Effects (the constructors and operations a statement could drop). */
const EFFECT_MODULES = new Set([
  "Effect",
  "Console",
  "Clock",
  "Random",
  "Ref",
  "SynchronizedRef",
  "SubscriptionRef",
  "Queue",
  "PubSub",
  "Deferred",
  "Fiber",
  "FiberHandle",
  "FiberMap",
  "FiberSet",
  "Scope",
  "Metric"
])

/**
 * Functions of those modules that answer no Effect: the runners (`run*`), the synchronous
 * `*Unsafe` operations (`Queue.offerUnsafe`) and the guards (`is*`).
 */
const answersNoEffect = (name) => name.startsWith("run") || name.endsWith("Unsafe") || name.startsWith("unsafe") || /^is[A-Z]/.test(name)

/** Whether a module specifier is effect's (`effect`, `effect/…`). */
const isEffectModule = (source) => source === "effect" || source.startsWith("effect/")

/** Strips what does not change the value: parentheses, `!`, `as`, `satisfies`, optional chains. */
const unwrap = (node) => {
  let current = node
  while (
    current.type === "ParenthesizedExpression" || current.type === "TSNonNullExpression" || current.type === "TSAsExpression" ||
    current.type === "TSSatisfiesExpression" || current.type === "ChainExpression"
  ) {
    current = current.expression
  }
  return current
}

/** The property name of a non-computed member access, or undefined. */
const propertyName = (member) => member.computed ? undefined : member.property.name

const rule = {
  meta: {
    type: "problem",
    docs: { description: "An Effect built as a statement and dropped never runs: yield it, return it, or run it" },
    messages: {
      floating: "This Effect ({{what}}) is built and never run: `yield*` it, return it, assign or pass it, or mark it `void` on purpose."
    },
    schema: []
  },
  create(context) {
    /** Local names bound to one of effect's modules in this file (`import { Effect } from "effect"`, `import * as Effect from "effect/Effect"`). */
    const modules = new Set()

    /** A short name for an Effect-valued expression, or undefined when it is not one we know. */
    const effectCall = (node) => {
      const expression = unwrap(node)
      if (expression.type !== "CallExpression") return undefined
      const callee = unwrap(expression.callee)
      if (callee.type !== "MemberExpression") return undefined
      const name = propertyName(callee)
      if (name === undefined) return undefined
      const target = unwrap(callee.object)
      if (target.type === "Identifier" && modules.has(target.name)) {
        return answersNoEffect(name) ? undefined : `${target.name}.${name}`
      }
      // `effect.pipe(…)` is still an Effect when `effect` is one.
      if (name === "pipe") {
        const inner = effectCall(target)
        return inner === undefined ? undefined : `${inner}(…).pipe`
      }
      return undefined
    }

    return {
      ImportDeclaration(node) {
        if (node.importKind === "type" || !isEffectModule(node.source.value)) return
        const fromSubpath = node.source.value !== "effect"
        for (const specifier of node.specifiers) {
          if (specifier.importKind === "type") continue
          if (specifier.type === "ImportSpecifier") {
            const imported = specifier.imported.type === "Identifier" ? specifier.imported.name : specifier.imported.value
            if (EFFECT_MODULES.has(imported)) modules.add(specifier.local.name)
          } else if (fromSubpath && EFFECT_MODULES.has(node.source.value.slice("effect/".length))) {
            // `import * as Effect from "effect/Effect"` (or a default import of it).
            modules.add(specifier.local.name)
          }
        }
      },
      ExpressionStatement(node) {
        const what = effectCall(node.expression)
        if (what !== undefined) context.report({ node, messageId: "floating", data: { what } })
      }
    }
  }
}

export default {
  meta: { name: "bluelight" },
  rules: { "no-floating-effect": rule }
}
