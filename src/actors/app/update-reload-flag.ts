/**
 * The reload that finishes an app update leaves a mark in sessionStorage, so the new version's
 * first paint can show the splash (spec §2: in standalone, the splash shows only during an
 * update). Not a secret: a flag.
 */
const KEY = 'plume-update-reload'

export function markUpdateReload(): void {
  try {
    sessionStorage.setItem(KEY, '1')
  } catch {
    // Storage refused (private mode): the new version starts without the splash.
  }
}

/** True once after an update's reload; the mark is removed. */
export function takeUpdateReload(): boolean {
  try {
    const marked = sessionStorage.getItem(KEY) !== null
    sessionStorage.removeItem(KEY)
    return marked
  } catch {
    return false
  }
}
