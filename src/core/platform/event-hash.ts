/**
 * NIP-01 event id: the SHA-256 of the serialised signed fields. Our own rather than nostr-tools'
 * getEventHash, whose module loads the secp256k1 curve with it: the page only hashes.
 */
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import type { NostrEvent } from 'nostr-tools/pure'

type Signed = Pick<NostrEvent, 'pubkey' | 'created_at' | 'kind' | 'tags' | 'content'>

export const serializeEvent = (event: Signed): string =>
  JSON.stringify([0, event.pubkey, event.created_at, event.kind, event.tags, event.content])

export const eventHash = (event: Signed): string =>
  bytesToHex(sha256(utf8ToBytes(serializeEvent(event))))
