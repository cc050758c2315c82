/**
 * NIP-25 reactions: a kind-7 event whose content is the reaction ('+' is a like, the spec's
 * default) with an `e` tag for the note (relay hint and author), a `p` tag for its author and a
 * `k` tag for its kind, plus the client tag (NIP-89).
 */
import type { EventTemplate } from 'nostr-tools/pure'
import { withClientTag } from '../platform/nip89.ts'
import type { PublishTarget } from '../relays/publish-checks.ts'
import { TEXT_NOTE_KIND } from './nip18.ts'

export const REACTION_KIND = 7
/** A like (spec lightning-and-ecash §3: "reaction (kind 7, default content +)"). */
export const LIKE = '+'

/** The note reacted to: its id, author and kind (kind 1 unless said). */
export interface ReactionTarget extends PublishTarget {
  kind?: number
}

export function reactionTemplate(
  target: ReactionTarget,
  createdAt: number,
  hint = '',
  content: string = LIKE,
): EventTemplate {
  return {
    kind: REACTION_KIND,
    created_at: createdAt,
    tags: withClientTag([
      ['e', target.id, hint, target.pubkey],
      ['p', target.pubkey],
      ['k', String(target.kind ?? TEXT_NOTE_KIND)],
    ]),
    content,
  }
}
