// Types of cpu.js, for the tests of its parsers (the bench runs as plain JavaScript).
export interface PinningPlan {
  readonly pinned: boolean
  /** Set when pinned: the taskset CPU lists of the server under test and of everything else. */
  readonly serverCores?: string
  readonly loadCores?: string
  readonly note: string
}
export declare const parseProcStat: (line: string) => number
export declare const parseCpuList: (list: string) => Array<number>
export declare const cpuMicros: (pid: number) => number
export declare const pinningPlan: () => PinningPlan
export declare const pinSelf: (plan: PinningPlan) => void
export declare const nodeOn: (
  plan: PinningPlan,
  cores: string | undefined,
  args: ReadonlyArray<string>
) => { readonly command: string; readonly args: Array<string> }
