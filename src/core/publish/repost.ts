/**
 * Building a repost (NIP-18, kind 6); nip18.ts reads them. Apart from nip18.ts, which the feed
 * loads first, so that what only publishing needs loads with publishing.
 */
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'
import { REPOST_KIND, TEXT_NOTE_KIND } from '../feed/nip18.ts'
import { withClientTag } from '../platform/nip89.ts'
import { isEventShaped } from '../relays/nip01.ts'
import { PUBLISH_ERRORS } from '../relays/publish-checks.ts'

/**
 * A repost of a kind-1 note: the signed note, stringified, as content; an `e` tag with the relay
 * it can be fetched from (NIP-18: MUST) and a `p` tag for its author; the client tag. Anything
 * but a whole signed kind-1 event is refused ('Invalid target event').
 */
export function repostTemplate(
  original: NostrEvent,
  createdAt: number,
  hint: string,
): EventTemplate {
  if (!isEventShaped(original) || original.kind !== TEXT_NOTE_KIND) {
    throw new Error(PUBLISH_ERRORS.invalidTarget)
  }
  const { id, pubkey, created_at, kind, tags, content, sig } = original
  return {
    kind: REPOST_KIND,
    created_at: createdAt,
    tags: withClientTag([
      ['e', id, hint],
      ['p', pubkey],
    ]),
    // Only the event's own fields: a cached copy may carry extras (a receipt time, a verified mark).
    content: JSON.stringify({ id, pubkey, created_at, kind, tags, content, sig }),
  }
}
