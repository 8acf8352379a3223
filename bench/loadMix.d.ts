// Types of loadMix.js that its tests use (the bench runs as plain JavaScript).
export declare const weighted: <A>(random: () => number, choices: ReadonlyArray<readonly [number, A]>) => A
