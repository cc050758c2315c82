/** Input that means the reader took over the scrolling: a hold on the page's position ends. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const

/** Calls `taken` on the reader's first input; returns what stops listening. */
export function onReaderInput(taken: () => void): () => void {
  for (const type of READER_INPUT) window.addEventListener(type, taken, true)
  return () => {
    for (const type of READER_INPUT) window.removeEventListener(type, taken, true)
  }
}
