/**
 * The Install prompt's 'Not now' (spec §2 leaves how long open): it holds for 30 days, in this
 * browser, across sessions, as the standalone start-up's last route does (§3). The time of the
 * dismissal is stored under localStorage `installDismissedAt` (ms since the epoch): no secret.
 */

export const INSTALL_DISMISSED_KEY = 'installDismissedAt'
export const INSTALL_DISMISS_MS = 30 * 24 * 60 * 60 * 1000

/** True while a dismissal stored as `raw` is less than 30 days old; a malformed one is none. */
export function installDismissed(raw: string | null, now: number): boolean {
  if (raw === null) return false
  const at = Number(raw)
  if (!Number.isFinite(at)) return false
  const age = now - at
  return age >= 0 && age < INSTALL_DISMISS_MS
}
