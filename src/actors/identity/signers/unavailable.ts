/**
 * Signers for when nothing can sign: a saved nsec that is still locked, or no way to sign at all
 * (signed out, public-key-only login). Signing and encryption reject with the spec's message, so
 * callers show a clear error instead of crashing on a missing signer. The public key, when the
 * login knows it, is still given: reading as that user needs no signature.
 */
import { SIGNING_UNAVAILABLE } from '../../../machines/login.machine.ts'
import type { Signer, SignerKind } from '../../platform/signer.ts'

export const KEY_LOCKED_MESSAGE = SIGNING_UNAVAILABLE.locked
export const NO_SIGNER_MESSAGE = SIGNING_UNAVAILABLE.noMethod

/** A saved nsec not unlocked yet; `pubkey` is the saved account's. */
export function lockedSigner(pubkey?: string): Signer {
  return refusing('nsec', KEY_LOCKED_MESSAGE, pubkey)
}

/** Signed out (no pubkey) or logged in with a public key only. */
export function noSigner(pubkey?: string): Signer {
  return refusing('none', NO_SIGNER_MESSAGE, pubkey)
}

function refusing(kind: SignerKind, message: string, pubkey: string | undefined): Signer {
  const refuse = () => Promise.reject(new Error(message))
  return {
    kind,
    getPublicKey: () => (pubkey ? Promise.resolve(pubkey) : refuse()),
    signEvent: refuse,
    nip04Encrypt: refuse,
    nip04Decrypt: refuse,
    nip44Encrypt: refuse,
    nip44Decrypt: refuse,
    close() {},
  }
}
