// Types of openLoop.js, for its tests (the bench runs as plain JavaScript).
export declare const seededRandom: (seed: number) => () => number
export declare const arrivalTimes: (rate: number, seconds: number, random?: () => number) => Array<number>
export declare const runOpenLoop: (
  times: ReadonlyArray<number>,
  dispatch: (scheduledAt: number) => Promise<unknown>,
  now?: () => number
) => Promise<{ readonly dispatched: number; readonly maxLagMs: number }>
