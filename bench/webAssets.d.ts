// Types of webAssets.js, for its tests (the bench runs as plain JavaScript).
export declare const firstPageFiles: (html: string) => { readonly scripts: ReadonlyArray<string>; readonly styles: ReadonlyArray<string> }
export declare const importsOf: (code: string) => { readonly static: ReadonlyArray<string>; readonly dynamic: ReadonlyArray<string> }
export declare const resolvePath: (from: string, specifier: string) => string
export declare const staticClosure: (
  entries: ReadonlyArray<string>,
  read: (path: string) => string
) => { readonly scripts: ReadonlyArray<string>; readonly dynamic: ReadonlyArray<string> }
export declare const preloadsOf: (code: string) => ReadonlyArray<{ readonly specifier: string; readonly preloads: ReadonlyArray<string> }>
