/**
 * The one interface for everything that signs or encrypts on the user's behalf: a browser
 * extension (NIP-07), a key held in memory, or a remote signer (NIP-46). Callers never see a key.
 */
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'

export type SignerKind = 'nip07' | 'nsec' | 'remote' | 'none'

export interface Signer {
  readonly kind: SignerKind
  getPublicKey(): Promise<string>
  /** Signs the template; `options.pow` means the event carries proof of work (longer timeout). */
  signEvent(template: EventTemplate, options?: { pow?: boolean }): Promise<NostrEvent>
  nip04Encrypt(peer: string, plaintext: string): Promise<string>
  nip04Decrypt(peer: string, ciphertext: string): Promise<string>
  nip44Encrypt(peer: string, plaintext: string): Promise<string>
  nip44Decrypt(peer: string, ciphertext: string): Promise<string>
  /** Drops whatever the signer holds (the in-memory key, the remote session). */
  close(): void
}
