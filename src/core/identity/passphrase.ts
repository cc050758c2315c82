/**
 * Passphrase rules for saving a key, unlocking a saved account and viewing the saved secret. Each
 * check answers the text to show, or null when the passphrase may be used.
 */
import type { Secret } from '../platform/secret.ts'

export const MIN_PASSPHRASE = 8
export const PASSPHRASE_TOO_SHORT = `Passphrase must be at least ${MIN_PASSPHRASE} characters`
export const PASSPHRASES_DO_NOT_MATCH = 'Passphrases do not match'
export const ENTER_PASSPHRASE = 'Enter your passphrase'

/** Counted in code points, so an emoji is one character as the user sees it, not two. */
function characters(passphrase: Secret<string>): number {
  return [...passphrase.reveal()].length
}

/** Choosing a passphrase to save a key under: long enough, and typed the same twice. */
export function checkNewPassphrase(
  passphrase: Secret<string>,
  confirmation: Secret<string>,
): string | null {
  if (characters(passphrase) < MIN_PASSPHRASE) return PASSPHRASE_TOO_SHORT
  if (passphrase.reveal() !== confirmation.reveal()) return PASSPHRASES_DO_NOT_MATCH
  return null
}

/** Unlocking a saved account: anything typed is tried, since older keys may have shorter ones. */
export function checkPassphraseEntered(passphrase: Secret<string>): string | null {
  return characters(passphrase) === 0 ? ENTER_PASSPHRASE : null
}

/** Viewing the saved secret: a passphrase shorter than the minimum cannot be the right one. */
export function checkViewSecretPassphrase(passphrase: Secret<string>): string | null {
  if (characters(passphrase) === 0) return ENTER_PASSPHRASE
  return characters(passphrase) < MIN_PASSPHRASE ? PASSPHRASE_TOO_SHORT : null
}
