import type { Virtualizer } from '@tanstack/react-virtual'

/** Each row element's last height as the ResizeObserver reported it. */
const reportedHeights = new WeakMap<Element, number>()

/**
 * A row's height as the ResizeObserver reports it, after the browser's own layout; until then the
 * height it had or the estimate. The library's default reads offsetHeight as each row mounts, a
 * layout forced inside every commit that mounted rows (the longest part of Lighthouse's
 * blocking time). The observer mostly reports before the frame is painted, and the virtualizer
 * then moves the rows itself (directDomUpdates); a row it starts observing while delivering
 * reports a frame later.
 */
export function measureRow(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, Element>,
): number {
  const box = entry?.borderBoxSize[0]
  if (box) {
    const height = Math.round(box.blockSize)
    reportedHeights.set(element, height)
    return height
  }
  // A row that moved to another index (rows above it came or went: a mute, a filter) keeps its
  // element, whose size has not changed, so the observer reports nothing: its own last height,
  // not the one cached for the index it moved to.
  const index = instance.indexFromElement(element)
  return (
    reportedHeights.get(element) ??
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ??
    instance.options.estimateSize(index)
  )
}
