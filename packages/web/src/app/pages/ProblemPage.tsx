import type { ReactNode } from "react"
import { useEffect, useRef } from "react"

/** A whole page for something that went wrong: its heading takes the focus, so a screen reader says it at once. */
export const ProblemPage = ({ title, lead, children }: { readonly title: string; readonly lead: string; readonly children?: ReactNode }) => {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <section className="problem-page" aria-labelledby="problem-title">
      <h1 id="problem-title" ref={heading} tabIndex={-1}>{title}</h1>
      <p>{lead}</p>
      {children}
    </section>
  )
}
