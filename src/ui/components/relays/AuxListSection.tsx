import { type ReactNode, useId } from 'react'
import './aux-relays.css'

interface AuxListSectionProps {
  title: string
  count: number
  empty: string
  hint?: ReactNode
  ordered?: boolean
  children: ReactNode
}

/** One list of the Auxiliary Relays modal: a heading with its count, a hint, the list or a word. */
export function AuxListSection({
  title,
  count,
  empty,
  hint,
  ordered = false,
  children,
}: AuxListSectionProps) {
  const headingId = useId()
  const List = ordered ? 'ol' : 'ul'
  return (
    <section className="aux-section" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title} <span className="aux-count">{count}</span>
      </h3>
      {hint}
      {count === 0 ? (
        <p className="aux-empty">{empty}</p>
      ) : (
        <List className="aux-list">{children}</List>
      )}
    </section>
  )
}
