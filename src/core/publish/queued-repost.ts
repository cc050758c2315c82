/**
 * A repost made offline. A repost normally carries the signed original, fetched from
 * the relays (repost.ts), which cannot be asked now; NIP-18 lets the content be empty, so this one
 * names the note by its `e` tag (with the relay hint) and its author's `p` tag alone, and readers
 * fetch the note by id. Checked as a target beforehand (publish-checks.ts).
 */
import type { EventTemplate } from 'nostr-tools/pure'
import { REPOST_KIND } from '../feed/nip18.ts'
import { withClientTag } from '../platform/nip89.ts'
import type { PublishTarget } from '../relays/publish-checks.ts'

export function bareRepostTemplate(
  target: PublishTarget,
  createdAt: number,
  hint: string,
): EventTemplate {
  return {
    kind: REPOST_KIND,
    created_at: createdAt,
    tags: withClientTag([
      ['e', target.id, hint],
      ['p', target.pubkey],
    ]),
    content: '',
  }
}
