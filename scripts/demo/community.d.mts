// The parts of community.mjs the tests read.
export declare const UNITS: ReadonlyArray<{ readonly callsign: string; readonly agencyCode: string; readonly type: string }>
export declare const CHARACTERS: ReadonlyArray<{ readonly fields: { readonly fullName: string } }>
export declare const STOLEN: { readonly plate: string; readonly reason: string }
