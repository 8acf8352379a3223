// Types of loadReport.js, for its tests (the bench runs as plain JavaScript).
import type { StepSummary } from "./latencyStats.js"
export interface Step {
  readonly label: string
  readonly offered: number
  readonly seconds: number
  readonly maxLagMs: number
  readonly summary: StepSummary
  readonly delivery: {
    readonly across: boolean
    readonly samples: number
    readonly clients: number
    readonly events: number
    readonly p50: number
    readonly p99: number
  }
  readonly cpu: ReadonlyArray<
    { readonly name: string; readonly requests: number; readonly usPerRequest: number; readonly netUsPerRequest: number; readonly busy: number }
  >
}
export declare const kneeOf: (
  steps: ReadonlyArray<Pick<Step, "offered" | "summary">>,
  limitMs: number
) => { readonly crossedAt: number | null; readonly lastBelow: number | null }
export declare const failuresOf: (steps: ReadonlyArray<Pick<Step, "label" | "offered" | "summary">>) => Array<string>
export declare const formatStep: (step: Step) => Array<string>
export declare const formatKnees: (
  limitMs: number,
  ladders: ReadonlyArray<{ readonly label: string; readonly steps: ReadonlyArray<Pick<Step, "offered" | "summary">> }>
) => Array<string>
export declare const formatRatios: (
  ladders: readonly [
    { readonly label: string; readonly steps: ReadonlyArray<Pick<Step, "offered" | "summary" | "cpu">> },
    { readonly label: string; readonly steps: ReadonlyArray<Pick<Step, "offered" | "summary" | "cpu">> }
  ]
) => Array<string>
