/** `{data}`: the success envelope of one record. */
export const data = <A>(value: A) => ({ data: value })

/** `{data, meta}`: the success envelope of a page. */
export const page = <A, M>(found: { readonly items: ReadonlyArray<A>; readonly meta: M }) => ({ data: found.items, meta: found.meta })
