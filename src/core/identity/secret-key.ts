/**
 * What a secret key (32 bytes) gives away on purpose: its public key, to log in and to prove the
 * typed key is the saved one, and its NIP-19 nsec, to show to its owner. The bytes are read from
 * the Secret for that moment only.
 */
import { nsecEncode } from 'nostr-tools/nip19'
import { getPublicKey } from 'nostr-tools/pure'
import type { Secret } from '../platform/secret.ts'

/** The key's public key: 64 hex, x-only (BIP-340), as events carry it. */
export const pubkeyOfSecret = (key: Secret<Uint8Array>): string => getPublicKey(key.reveal())

/** The key as an nsec (NIP-19). */
export const nsecOfSecret = (key: Secret<Uint8Array>): string => nsecEncode(key.reveal())
