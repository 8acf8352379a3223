// Types of latencyStats.js, for its tests (the bench runs as plain JavaScript).
export type Outcome = "ok" | "rateLimited" | "conflict" | "error"
export type Kind = "read" | "write"
export interface OperationSummary {
  readonly name: string
  readonly kind: Kind
  readonly count: number
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
  readonly ok: number
  readonly rateLimited: number
  readonly conflict: number
  readonly error: number
  readonly errorSamples: ReadonlyArray<string>
}
export interface StepSummary {
  readonly operations: ReadonlyArray<OperationSummary>
  readonly reads: OperationSummary
  readonly writes: OperationSummary
}
export declare const quantile: (sorted: ReadonlyArray<number>, q: number) => number
export declare const outcomeOf: (status: number, expected: number, code?: string) => Outcome
export declare const latencyRecorder: () => {
  readonly record: (name: string, kind: Kind, ms: number, outcome: Outcome, detail?: string) => void
  readonly summary: (seconds: number) => StepSummary
}
export declare const percentiles: (values: ReadonlyArray<number>) => {
  readonly count: number
  readonly p50: number
  readonly p95: number
  readonly p99: number
  readonly max: number
}
