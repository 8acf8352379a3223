// The parts of community.mjs the tests read.
export declare const UNITS: ReadonlyArray<{ readonly callsign: string; readonly agencyCode: string; readonly type: string }>
export declare const CHARACTERS: ReadonlyArray<{ readonly fields: { readonly fullName: string } }>
export declare const STOLEN: { readonly plate: string; readonly reason: string }
export declare const CHARGES: ReadonlyArray<{ readonly code: string; readonly title: string; readonly points: number; readonly warningApplicable?: boolean }>
export declare const CITED: {
  readonly character: string
  readonly record: { readonly title: string }
  readonly charges: ReadonlyArray<{ readonly code: string; readonly count: number }>
}
