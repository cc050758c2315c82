import { type OutsideItem, outsideLabel } from '../../../core/people/web-of-trust.ts'
import './outside-line.css'

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
    <p className="outside-line" data-outside={item}>
      <span>{outsideLabel(count, item)}</span>
      <span aria-hidden="true"> · </span>
      <button type="button" className="outside-line-show" onClick={onShow}>
        Show
      </button>
    </p>
  )
}
