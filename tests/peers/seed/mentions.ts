// Notes that mention people with nostr:npub links (NIP-27) and matching p tags.
import { type Author, author, type NoteInfo, publish, type WorldContext } from './context.ts'
import { mentionPosts } from './corpus/conversation.ts'
import { outboxHint } from './relay-lists.ts'
import { postTime, WINDOW } from './timeline.ts'

export function publishMention(
  ctx: WorldContext,
  who: Author,
  mentioned: Author,
  createdAt: number,
): NoteInfo {
  const content = ctx.rng.pick(mentionPosts).replace('%MENTION%', `nostr:${mentioned.id.npub}`)
  const event = publish(ctx, who, {
    kind: 1,
    created_at: createdAt,
    tags: [['p', mentioned.id.pubkey, outboxHint(ctx, mentioned.id.pubkey)]],
    content,
  })
  const info: NoteInfo = { event, author: who, topic: null, rootId: null, hasMedia: false }
  ctx.notes.push(info)
  return info
}

export function publishMentions(ctx: WorldContext, count: number): void {
  for (let i = 0; i < count; i++) {
    const who = ctx.rng.pick(ctx.authors)
    const followed = [...(ctx.follows.get(who.persona.handle) ?? [])]
    if (followed.length === 0) continue
    const mentioned = author(ctx, ctx.rng.pick(followed))
    publishMention(ctx, who, mentioned, postTime(ctx, who.persona, 30 * 60, WINDOW))
  }
}
