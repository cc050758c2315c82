import { type OutsideItem, outsideLabel } from '../../../core/people/web-of-trust.ts'
// The line of a muted note's look (MutedNote.tsx).
import './note.css'

interface OutsideLineProps {
  count: number
  item: OutsideItem
  onShow(): void
}

/**
 * The one line that stands for what the web of trust folds, e.g. '3 replies hidden from outside
 * your network · Show'; Show opens them in their places.
 */
export function OutsideLine({ count, item, onShow }: OutsideLineProps) {
  return (
    <p className="note-muted outside-line" data-outside={item}>
      <span>{outsideLabel(count, item)}</span>
      <span aria-hidden="true"> · </span>
      <button type="button" className="note-muted-show" onClick={onShow}>
        Show
      </button>
    </p>
  )
}
