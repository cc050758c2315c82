import { useEffect, useState } from 'react'
import { asciiCache } from '../../../actors/feed/ascii-cache.ts'
import type { AsciiArt, AsciiGrid } from '../../../core/feed/ascii-art.ts'
import { LINK_REL } from '../../../core/feed/link-text.ts'
import { AsciiPending, gridStyle } from './AsciiPending.tsx'
import './note-media.css'

interface AsciiImageProps {
  /** The picture, opened from the art. */
  url: string
  /** What the art is drawn from: the picture's thumbnail where the note names one. */
  source: string
  /** The picture's description (NIP-92 alt), read for the art. */
  label: string
  /** Color Mode: each character in its cell's colour. */
  color: boolean
  /** The grid expected from the picture's known size, held while it is drawn. */
  expected: AsciiGrid
}

/**
 * A note's picture as ASCII art (ASCII Mode), drawn in the worker and cached. It opens the
 * picture, like the picture itself would; one that cannot be drawn (its host refuses CORS, it
 * does not decode) is a link to it instead.
 */
export function AsciiImage({ url, source, label, color, expected }: AsciiImageProps) {
  const cache = asciiCache()
  const [result, setResult] = useState(() => cache.peek(source, color))
  useEffect(() => {
    let shown = true
    const known = cache.peek(source, color)
    setResult(known)
    if (!known) {
      void cache.get(source, color).then((drawn) => {
        if (shown) setResult(drawn)
      })
    }
    return () => {
      shown = false
    }
  }, [cache, source, color])

  if (!result) return <AsciiPending grid={expected} label={label} />
  if (!result.ok) {
    return (
      <a className="ascii-fallback" href={url} target="_blank" rel={LINK_REL} title={label}>
        <span>This picture could not be drawn as ASCII art.</span>
        <span className="ascii-fallback-open">Open the picture</span>
      </a>
    )
  }
  return (
    <a className="ascii-frame" href={url} target="_blank" rel={LINK_REL}>
      <AsciiText art={result.art} label={label} />
    </a>
  )
}

/** The lines in a <pre>; in Color Mode the colours painted behind them, clipped to the text. */
function AsciiText({ art, label }: { art: AsciiArt; label: string }) {
  const style = gridStyle({ columns: art.columns, rows: art.lines.length })
  if (art.colors) style.backgroundImage = `url("${art.colors}")`
  return (
    <pre
      className={art.colors ? 'ascii-art ascii-color' : 'ascii-art'}
      role="img"
      aria-label={label}
      style={style}
    >
      {art.lines.join('\n')}
    </pre>
  )
}
