/**
 * Scroll positions per path in session storage: they last across reloads of the tab and end with
 * it. Only paths and pixel offsets are kept there, nothing private. Storage that refuses (private
 * modes, quota) just means positions are not kept.
 */
import {
  parseScrollPositions,
  type ScrollPositions,
  serializeScrollPositions,
} from '../../core/app/scroll-positions.ts'

export const SCROLL_STORAGE_KEY = 'plume-scroll-v1'

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null
  } catch {
    return null
  }
}

export function loadScrollPositions(): ScrollPositions {
  try {
    return parseScrollPositions(storage()?.getItem(SCROLL_STORAGE_KEY) ?? null)
  } catch {
    return new Map()
  }
}

export function saveScrollPositions(positions: ScrollPositions): void {
  try {
    storage()?.setItem(SCROLL_STORAGE_KEY, serializeScrollPositions(positions))
  } catch {
    // Not kept: the page still restores within this visit from memory.
  }
}
