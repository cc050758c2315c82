/**
 * What one task hands over item by item, taken in one go at its end (a microtask): a relay's
 * burst, checked and delivered in one task, then costs one step where it cost one per event.
 */
export function atTaskEnd<T>(take: (items: T[]) => void): (item: T) => void {
  let items: T[] = []
  return (item) => {
    if (items.length === 0) {
      queueMicrotask(() => {
        const taken = items
        items = []
        take(taken)
      })
    }
    items.push(item)
  }
}
