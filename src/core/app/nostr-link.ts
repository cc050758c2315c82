/**
 * Opening a NIP-21 link handed to the installed app by the `web+nostr` protocol handler (the
 * manifest's `/open?uri=%s`): `web+nostr:npub1…`, `nostr:nevent1…` or a bare entity becomes the
 * app route that shows it. NIP-19 entities are decoded with src/core/platform/nip21.ts, so a link that does
 * not decode opens nothing.
 */
import { decodeReference } from '../platform/nip21.ts'

export type LinkRoute =
  | { to: '/note/$noteId'; params: { noteId: string } }
  | { to: '/npub/$npub'; params: { npub: string } }

export const UNSUPPORTED_LINK = 'This link is not a Nostr note or profile Plume can open.'

const PREFIX = /^(?:web\+nostr:|nostr:)(?:\/\/)?/i

/** The route for a NIP-21 URI, or null when it names no note or profile. */
export function routeForNostrLink(uri: string): LinkRoute | null {
  const entity = uri.trim().replace(PREFIX, '')
  const reference = decodeReference(entity)
  if (reference?.type === 'event') return { to: '/note/$noteId', params: { noteId: entity } }
  if (reference?.type === 'profile') return { to: '/npub/$npub', params: { npub: entity } }
  return null
}
