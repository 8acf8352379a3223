// Types of loadMix.js, for its tests (the bench runs as plain JavaScript).
export declare const weighted: <A>(random: () => number, choices: ReadonlyArray<readonly [number, A]>) => A
export declare const nextAction: (user: unknown, world: unknown, random: () => number) => unknown
export declare const perform: (...args: ReadonlyArray<unknown>) => Promise<void>
