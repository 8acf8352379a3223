// Types of profileSummary.js, for its tests (the bench runs as plain JavaScript).
export interface CallFrame {
  readonly functionName: string
  readonly url: string
  readonly lineNumber: number
}
/** The parts of a V8 .cpuprofile the summary reads. */
export interface CpuProfile {
  readonly nodes: ReadonlyArray<{ readonly id: number; readonly callFrame: CallFrame }>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
  readonly startTime: number
  readonly endTime: number
}
export interface ProfileSummary {
  readonly sampledUs: number
  readonly busyUs: number
  readonly functions: ReadonlyArray<{ readonly name: string; readonly location: string; readonly selfUs: number; readonly share: number }>
  readonly packages: ReadonlyArray<{ readonly name: string; readonly selfUs: number; readonly share: number }>
}
export declare const packageOf: (callFrame: Pick<CallFrame, "url">) => string
export declare const summarizeProfile: (
  profile: CpuProfile,
  options?: { readonly root?: string; readonly from?: number; readonly to?: number }
) => ProfileSummary
