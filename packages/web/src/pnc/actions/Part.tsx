import { type ReactNode, useId } from "react"

/** One part of the actions (the licence, the records, …): a region named by its heading. */
export const Part = ({ heading, children }: { readonly heading: string; readonly children: ReactNode }) => {
  const id = useId()
  return (
    <section className="pnc-part" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      {children}
    </section>
  )
}
