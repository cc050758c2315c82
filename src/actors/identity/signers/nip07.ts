/**
 * The signer behind a browser extension (NIP-07, `window.nostr`). Extensions can hang (a closed
 * popup, a locked vault) or misbehave, so every call has the spec's deadline and every signed
 * event is checked before anyone publishes it.
 */
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'
import {
  EXTENSION_POW_SIGN_TIMEOUT_MS,
  EXTENSION_PUBKEY_TIMEOUT_MS,
  EXTENSION_SIGN_TIMEOUT_MS,
  LOGIN_ERRORS,
} from '../../../machines/login.machine.ts'
import type { Signer } from '../../platform/signer.ts'
import { withDeadline } from './deadline.ts'

/** What NIP-07 says `window.nostr` offers; nip04 and nip44 are optional. */
export interface Nip07 {
  getPublicKey(): Promise<string>
  signEvent(event: EventTemplate): Promise<NostrEvent>
  nip04?: Nip07Cipher
  nip44?: Nip07Cipher
}

export interface Nip07Cipher {
  encrypt(pubkey: string, plaintext: string): Promise<string>
  decrypt(pubkey: string, ciphertext: string): Promise<string>
}

/** Spec §9, extension timeouts. Encryption has no spec value; it waits as long as signing. */
export interface Nip07Timeouts {
  publicKeyMs: number
  signMs: number
  signPowMs: number
  cipherMs: number
}

/** The spec's extension timeouts, defined once beside the login machine. */
export const NIP07_TIMEOUTS: Nip07Timeouts = {
  publicKeyMs: EXTENSION_PUBKEY_TIMEOUT_MS,
  signMs: EXTENSION_SIGN_TIMEOUT_MS,
  signPowMs: EXTENSION_POW_SIGN_TIMEOUT_MS,
  cipherMs: EXTENSION_SIGN_TIMEOUT_MS,
}

export const EXTENSION_NOT_FOUND_MESSAGE = LOGIN_ERRORS.extensionNotFound
export const EXTENSION_TIMEOUT_MESSAGE = LOGIN_ERRORS.extensionTimeout
export const signTimeoutMessage = (ms: number): string =>
  `Extension did not respond to sign request within ${ms / 1000} seconds. Check the extension and try again.`
export const cipherTimeoutMessage = (action: string, ms: number): string =>
  `Extension did not respond to ${action} request within ${ms / 1000} seconds. Check the extension and try again.`
export const cannotCipherMessage = (action: 'encrypt' | 'decrypt', nip: 'NIP-04' | 'NIP-44') =>
  `This extension cannot ${action} (${nip})`

const HEX_PUBKEY = /^[0-9a-f]{64}$/
const SOURCE = 'The extension'

/**
 * Without an `extension`, `window.nostr` is looked up at each call: extensions inject it late, and
 * a missing one fails the call with 'Nostr extension not found' rather than the app's start.
 */
export function nip07Signer(extension?: Nip07, timeouts: Partial<Nip07Timeouts> = {}): Signer {
  const limits = { ...NIP07_TIMEOUTS, ...timeouts }
  // The key the user logged in with: a later signature by another key is refused.
  let pubkey: Promise<string> | undefined

  const nostr = (): Nip07 => {
    const found = extension ?? (globalThis as { nostr?: Nip07 }).nostr
    if (!found) throw new Error(EXTENSION_NOT_FOUND_MESSAGE)
    return found
  }

  const askPublicKey = async (): Promise<string> => {
    const ext = nostr()
    const key = await withDeadline(
      () => ext.getPublicKey(),
      limits.publicKeyMs,
      EXTENSION_TIMEOUT_MESSAGE,
    ).catch((cause) => extensionError(cause, LOGIN_ERRORS.extensionFailed))
    if (typeof key !== 'string' || !HEX_PUBKEY.test(key)) {
      throw new Error('The extension returned an invalid public key')
    }
    return key
  }

  const getPublicKey = (): Promise<string> => {
    if (pubkey) return pubkey
    const asked = askPublicKey()
    pubkey = asked
    // A timeout or refusal is not remembered: the next call asks again.
    asked.catch(() => {
      if (pubkey === asked) pubkey = undefined
    })
    return asked
  }

  const cipher =
    (nip: 'nip04' | 'nip44', action: 'encrypt' | 'decrypt') =>
    async (peer: string, text: string): Promise<string> => {
      const methods = nostr()[nip]
      if (!methods)
        throw new Error(cannotCipherMessage(action, nip === 'nip04' ? 'NIP-04' : 'NIP-44'))
      return withDeadline(
        () => methods[action](peer, text),
        limits.cipherMs,
        cipherTimeoutMessage(`${nip} ${action}`, limits.cipherMs),
      ).catch(extensionError)
    }

  return {
    kind: 'nip07',
    getPublicKey,
    async signEvent(template, options = {}) {
      const ext = nostr()
      const expected = await getPublicKey()
      const ms = options.pow ? limits.signPowMs : limits.signMs
      const signed = await withDeadline(
        // A copy: the extension may write into what it is given.
        () => ext.signEvent({ ...template, tags: template.tags }),
        ms,
        signTimeoutMessage(ms),
      ).catch(extensionError)
      // Checking needs the curve: it loads with the first signature, not with the app.
      const { checkSignedEvent } = await import('./signed-event.ts')
      return checkSignedEvent(signed, template, expected, SOURCE)
    },
    nip04Encrypt: cipher('nip04', 'encrypt'),
    nip04Decrypt: cipher('nip04', 'decrypt'),
    nip44Encrypt: cipher('nip44', 'encrypt'),
    nip44Decrypt: cipher('nip44', 'decrypt'),
    close() {
      pubkey = undefined
    },
  }
}

/**
 * Extensions reject with Errors, strings or nothing at all; the user sees their words if any,
 * else `silent` (signing in: spec §8's 'Failed to sign in with extension'). Our own timeout
 * errors pass through unchanged.
 */
function extensionError(cause: unknown, silent = 'The extension refused the request'): never {
  if (cause instanceof Error && cause.message) throw cause
  if (typeof cause === 'string' && cause) throw new Error(cause)
  throw new Error(silent)
}
