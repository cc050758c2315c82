/**
 * The Install prompt's 'Not now', kept in localStorage (core/app/install-dismissal.ts says for how
 * long). Storage that refuses (private modes, quota) means dismissed for this page only.
 */
import { INSTALL_DISMISSED_KEY, installDismissed } from '../../core/app/install-dismissal.ts'

/** Whether the prompt was dismissed less than 30 days before `now` (ms since the epoch). */
export function dismissedBefore(now: number = Date.now()): boolean {
  try {
    return installDismissed(localStorage.getItem(INSTALL_DISMISSED_KEY), now)
  } catch {
    return false
  }
}

/** Keeps the dismissal at `now`; nothing when storage refuses. */
export function rememberDismissal(now: number = Date.now()): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, String(now))
  } catch {
    // Storage refused: dismissed for this page only.
  }
}
