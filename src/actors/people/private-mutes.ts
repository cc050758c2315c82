/**
 * The private part of the user's mute list (NIP-51): decrypted and encrypted with the logged-in
 * user's signer, to themselves. NIP-44 is written; NIP-04, which older lists used, is read too.
 *
 * What is decrypted is held here, in memory only, by the ciphertext it came from: never in
 * IndexedDB, the persisted query cache or a log, so a private mute leaves no trace on the device
 * and a reload decrypts again. A change made here is remembered at once, so the mute set need not
 * ask the signer (an extension asks its user) to read back what it just wrote.
 */
import { cipherOf, parsePrivateTags, privateTagsText } from '../../core/people/mute-private.ts'
import type { Signer } from '../platform/signer.ts'

/** Lists remembered: the user's current one and the one before, a few accounts over. */
const REMEMBERED = 8

export interface PrivateMutes {
  /** The private tags of this content, decrypted by the user's signer (or remembered). */
  decrypt(user: string, content: string): Promise<string[][]>
  /** The content for these private tags, encrypted to the user with NIP-44. */
  encrypt(user: string, tags: readonly string[][]): Promise<string>
  /** The tags of a content, if this session decrypted or wrote it. */
  remembered(content: string): string[][] | undefined
  /** Drops everything held (sign-out). */
  forget(): void
}

export function privateMutes(signer: () => Signer): PrivateMutes {
  const held = new Map<string, string[][]>()
  const remember = (content: string, tags: string[][]) => {
    held.delete(content)
    held.set(content, tags)
    for (const key of held.keys()) {
      if (held.size <= REMEMBERED) break
      held.delete(key)
    }
  }
  return {
    async decrypt(user, content) {
      const known = held.get(content)
      if (known) return known
      const current = signer()
      const plaintext =
        cipherOf(content) === 'nip04'
          ? await current.nip04Decrypt(user, content)
          : await current.nip44Decrypt(user, content)
      const tags = parsePrivateTags(plaintext)
      remember(content, tags)
      return tags
    },
    async encrypt(user, tags) {
      const copy = tags.map((tag) => [...tag])
      const content = await signer().nip44Encrypt(user, privateTagsText(copy))
      remember(content, copy)
      return content
    },
    remembered: (content) => held.get(content),
    forget: () => held.clear(),
  }
}
