import { type ReactNode, useState } from 'react'
import { NO_REASON } from '../../../core/feed/sensitive-content.ts'
import './sensitive-content.css'

interface SensitiveContentProps {
  /** Why it is hidden (core/feed/sensitive-content.ts); null shows the content. */
  reason: string | null
  /** Held by the list when rows come and go (the virtual feed); local state otherwise. */
  revealed?: boolean
  onReveal?(): void
  children: ReactNode
}

/** The NSFW Disrespector (spec §2, always on): content behind a warning until the reader asks. */
export function SensitiveContent({ reason, revealed, onReveal, children }: SensitiveContentProps) {
  const [shownHere, setShownHere] = useState(false)
  if (reason === null || (revealed ?? shownHere)) return children
  return (
    <div className="note-sensitive">
      <p className="note-sensitive-reason">
        {reason === NO_REASON ? NO_REASON : `Content warning: ${reason}`}
      </p>
      <button
        type="button"
        className="button"
        onClick={() => (onReveal ? onReveal() : setShownHere(true))}
      >
        Show note
      </button>
    </div>
  )
}
