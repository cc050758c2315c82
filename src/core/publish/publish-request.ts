/**
 * What the user asked to publish, and the unsigned event for it: a note, a reply, a quote repost
 * (kind 1), a reaction (kind 7) or a repost (kind 6). A repost carries the signed original, which
 * the caller fetches first (its target names only the id and the author).
 */
import type { EventTemplate, NostrEvent } from 'nostr-tools/pure'
import { type ReactionTarget, reactionTemplate } from '../feed/reaction.ts'
import type { PublishTarget } from '../relays/publish-checks.ts'
import { noteTemplate, quoteTemplate, type ReplyParent, replyTemplate } from './compose-note.ts'
import { repostTemplate } from './repost.ts'

export type PublishRequest =
  | { kind: 'note'; content: string }
  | { kind: 'reply'; content: string; parent: ReplyParent }
  | { kind: 'quote'; content: string; target: PublishTarget }
  | { kind: 'reaction'; target: ReactionTarget }
  | { kind: 'repost'; target: PublishTarget }

/** The event acted on, or null for a new note. */
export function requestTarget(request: PublishRequest): PublishTarget | null {
  switch (request.kind) {
    case 'note':
      return null
    case 'reply':
      return request.parent
    default:
      return request.target
  }
}

export interface TemplateParams {
  createdAt: number
  /** A relay where the target can be found ('' when none is known). */
  hint: string
  /** The signed original of a repost. */
  original?: NostrEvent | null
}

/** The unsigned event; throws an Error with the user-facing reason when it cannot be built. */
export function requestTemplate(
  request: PublishRequest,
  { createdAt, hint, original }: TemplateParams,
): EventTemplate {
  switch (request.kind) {
    case 'note':
      return noteTemplate(request.content, createdAt)
    case 'reply':
      return replyTemplate(request.content, request.parent, createdAt, hint)
    case 'quote':
      return quoteTemplate(request.content, request.target, createdAt, hint)
    case 'reaction':
      return reactionTemplate(request.target, createdAt, hint)
    case 'repost': {
      const match = original?.id === request.target.id ? original : null
      return repostTemplate(match as NostrEvent, createdAt, hint)
    }
  }
}
