/**
 * The signer for an nsec held in memory: signs and encrypts with nostr-tools. It keeps its own
 * copy of the key and zeroes it on close, so signing out leaves no key bytes behind in it.
 */
import * as nip04 from 'nostr-tools/nip04'
import { v2 as nip44 } from 'nostr-tools/nip44'
import { type EventTemplate, finalizeEvent, getPublicKey } from 'nostr-tools/pure'
import type { Secret } from '../../core/secret.ts'
import type { Signer } from '../signer.ts'
import { NO_SIGNER_MESSAGE } from './unavailable.ts'

export function localKeySigner(key: Secret<Uint8Array>): Signer {
  const secret = new Uint8Array(key.reveal())
  const pubkey = getPublicKey(secret)
  // NIP-44 conversation keys cost an ECDH each; a DM thread reuses one per peer.
  const conversations = new Map<string, Uint8Array>()
  let closed = false

  // Async, so a bad peer key or a closed signer rejects instead of throwing at the caller.
  const withKey = async <T>(use: (secret: Uint8Array) => T): Promise<T> => {
    if (closed) throw new Error(NO_SIGNER_MESSAGE)
    return use(secret)
  }

  const conversationKey = (peer: string) => {
    let shared = conversations.get(peer)
    if (!shared) {
      shared = nip44.utils.getConversationKey(secret, peer)
      conversations.set(peer, shared)
    }
    return shared
  }

  return {
    kind: 'nsec',
    getPublicKey: () => withKey(() => pubkey),
    // finalizeEvent writes into its argument: sign a copy, not the caller's template.
    signEvent: (template: EventTemplate) =>
      withKey((secret) => finalizeEvent({ ...template, tags: template.tags }, secret)),
    nip04Encrypt: (peer, plaintext) => withKey((secret) => nip04.encrypt(secret, peer, plaintext)),
    nip04Decrypt: (peer, ciphertext) =>
      withKey((secret) => nip04.decrypt(secret, peer, ciphertext)),
    nip44Encrypt: (peer, plaintext) =>
      withKey(() => nip44.encrypt(plaintext, conversationKey(peer))),
    nip44Decrypt: (peer, ciphertext) =>
      withKey(() => nip44.decrypt(ciphertext, conversationKey(peer))),
    close() {
      closed = true
      secret.fill(0)
      for (const shared of conversations.values()) shared.fill(0)
      conversations.clear()
    },
  }
}
