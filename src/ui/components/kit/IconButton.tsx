import { createLink } from '@tanstack/react-router'
import { type AnchorHTMLAttributes, forwardRef, type ReactNode } from 'react'
import './icon-button.css'

/** An icon's glyph: one path on a 24-unit grid, 22 px, in the text colour, hidden from readers. */
export function Glyph({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path fill="currentColor" d={path} />
    </svg>
  )
}

const withIconClass = (className: string | undefined) =>
  className ? `icon-button ${className}` : 'icon-button'

const IconAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>(
  function IconAnchor({ className, ...props }, ref) {
    return <a ref={ref} {...props} className={withIconClass(className)} />
  },
)

/** A round icon link (the header's search, new note, profile): a router Link, named by aria-label. */
export const IconLink = createLink(IconAnchor)

interface IconButtonProps {
  /** The button's name, said by screen readers (it shows only its icon). */
  label: string
  onClick(): void
  title?: string
  className?: string
  children: ReactNode
}

/** A round icon button (the header's settings, log in), named by its label. */
export function IconButton({ label, onClick, title, className, children }: IconButtonProps) {
  return (
    <button
      type="button"
      className={withIconClass(className)}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      {children}
    </button>
  )
}
