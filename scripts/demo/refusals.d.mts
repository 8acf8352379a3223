export declare const refusal: (env: Readonly<Record<string, string | undefined>>) => string | undefined
