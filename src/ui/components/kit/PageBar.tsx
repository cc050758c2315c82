import type { ReactNode } from 'react'
import { useGoBack } from '../../hooks/use-go-back.ts'
import './page-bar.css'

/** Back (spec §2), a quiet button; `className` places it where a page has no bar. */
export function BackButton({ onClick, className }: { onClick(): void; className?: string }) {
  return (
    <button
      type="button"
      className={className ? `button-quiet ${className}` : 'button-quiet'}
      onClick={onClick}
    >
      ← Back
    </button>
  )
}

/**
 * A page's top bar: Back to the previous entry (or the feed), then the page's heading. The
 * heading's id is `titleId`, for the page's landmark to be labelled by it.
 */
export function PageBar({ titleId, children }: { titleId: string; children: ReactNode }) {
  const goBack = useGoBack()
  return (
    <div className="page-bar">
      <BackButton onClick={goBack} />
      <h1 id={titleId} className="page-title">
        {children}
      </h1>
    </div>
  )
}
