import type { CSSProperties } from 'react'
import type { AsciiGrid } from '../../../core/feed/ascii-art.ts'
import './note-media.css'

/** The grid as CSS variables: the art's box is sized in characters (styles.css, .ascii-art). */
export const gridStyle = ({ columns, rows }: AsciiGrid) =>
  ({ '--ascii-columns': columns, '--ascii-rows': rows }) as CSSProperties

/** ASCII art not drawn yet: its box, the size the art will take, so rows below do not move. */
export function AsciiPending({ grid, label }: { grid: AsciiGrid; label: string }) {
  return (
    <div className="ascii-frame">
      <div
        className="ascii-art ascii-pending"
        role="img"
        aria-label={label}
        aria-busy="true"
        style={gridStyle(grid)}
      />
    </div>
  )
}
