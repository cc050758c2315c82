// Deterministic identities: every secret key is sha256 of a fixed label, so npubs are stable
// across runs and machines (and obviously must never hold real funds).
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { npubEncode, nsecEncode } from 'nostr-tools/nip19'
import { getPublicKey } from 'nostr-tools/pure'
import type { DemoAccount } from './types.ts'

export interface Identity extends DemoAccount {
  secretKey: Uint8Array
}

const KEY_NAMESPACE = 'plume-demo-world/v1/'

export function deriveIdentity(name: string): Identity {
  const secretKey = sha256(utf8ToBytes(KEY_NAMESPACE + name))
  const pubkey = getPublicKey(secretKey)
  return {
    name,
    pubkey,
    secretKeyHex: bytesToHex(secretKey),
    nsec: nsecEncode(secretKey),
    npub: npubEncode(pubkey),
    secretKey,
  }
}

/** Public view of an identity, without the raw key bytes */
export function toAccount(id: Identity): DemoAccount {
  return {
    name: id.name,
    pubkey: id.pubkey,
    secretKeyHex: id.secretKeyHex,
    nsec: id.nsec,
    npub: id.npub,
  }
}
