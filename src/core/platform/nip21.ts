/** NIP-21 `nostr:` references in note content, decoded with NIP-19. */
import { decode } from 'nostr-tools/nip19'

export type Reference =
  | { type: 'profile'; pubkey: string }
  | { type: 'event'; id: string }
  | { type: 'address'; kind: number; pubkey: string; identifier: string }

/** `nostr:` followed by a bech32 entity that names a profile, an event or an address. */
export const REFERENCE = /nostr:((?:npub|nprofile|note|nevent|naddr)1[02-9ac-hj-np-z]+)/

/** The reference a bech32 entity names, or null when it does not decode. */
export function decodeReference(entity: string): Reference | null {
  try {
    const decoded = decode(entity)
    switch (decoded.type) {
      case 'npub':
        return { type: 'profile', pubkey: decoded.data }
      case 'nprofile':
        return { type: 'profile', pubkey: decoded.data.pubkey }
      case 'note':
        return { type: 'event', id: decoded.data }
      case 'nevent':
        return { type: 'event', id: decoded.data.id }
      case 'naddr':
        return { type: 'address', ...decoded.data }
      default:
        return null
    }
  } catch {
    return null
  }
}
