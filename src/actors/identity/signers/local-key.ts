/**
 * The signer for an nsec held in memory: signs and encrypts with nostr-tools. It keeps its own
 * copy of the key and zeroes it on close, so signing out leaves no key bytes behind in it.
 */
import type { EventTemplate } from 'nostr-tools/pure'
import type { Secret } from '../../../core/platform/secret.ts'
import type { Signer } from '../../platform/signer.ts'
import { NO_SIGNER_MESSAGE } from './unavailable.ts'

// The curve loads with the first signature, encryption (and its ciphers) with the first message
// to encrypt: neither with the app.
const pure = () => import('nostr-tools/pure')
const nip04 = () => import('nostr-tools/nip04')
const nip44 = async () => (await import('nostr-tools/nip44')).v2

export function localKeySigner(key: Secret<Uint8Array>): Signer {
  const secret = new Uint8Array(key.reveal())
  let pubkey: string | undefined
  // NIP-44 conversation keys cost an ECDH each; a DM thread reuses one per peer.
  const conversations = new Map<string, Uint8Array>()
  let closed = false

  // Async, so a bad peer key or a closed signer rejects instead of throwing at the caller.
  const withKey = async <T>(use: (secret: Uint8Array) => T | Promise<T>): Promise<T> => {
    if (closed) throw new Error(NO_SIGNER_MESSAGE)
    return await use(secret)
  }

  const conversationKey = async (peer: string) => {
    let shared = conversations.get(peer)
    if (!shared) {
      shared = (await nip44()).utils.getConversationKey(secret, peer)
      conversations.set(peer, shared)
    }
    return shared
  }

  return {
    kind: 'nsec',
    getPublicKey: () => withKey(async (secret) => (pubkey ??= (await pure()).getPublicKey(secret))),
    // finalizeEvent writes into its argument: sign a copy, not the caller's template.
    signEvent: (template: EventTemplate) =>
      withKey(async (secret) =>
        (await pure()).finalizeEvent({ ...template, tags: template.tags }, secret),
      ),
    nip04Encrypt: (peer, plaintext) =>
      withKey(async (secret) => (await nip04()).encrypt(secret, peer, plaintext)),
    nip04Decrypt: (peer, ciphertext) =>
      withKey(async (secret) => (await nip04()).decrypt(secret, peer, ciphertext)),
    nip44Encrypt: (peer, plaintext) =>
      withKey(async () => (await nip44()).encrypt(plaintext, await conversationKey(peer))),
    nip44Decrypt: (peer, ciphertext) =>
      withKey(async () => (await nip44()).decrypt(ciphertext, await conversationKey(peer))),
    close() {
      closed = true
      secret.fill(0)
      for (const shared of conversations.values()) shared.fill(0)
      conversations.clear()
    },
  }
}
