// Reactions (kind 7), reposts (kind 6) and quote posts: the signals that make notes look read.
// Popular and pictured notes get more of everything, mostly from the author's followers.
import { neventEncode, noteEncode } from 'nostr-tools/nip19'
import type { NostrEvent } from 'nostr-tools/pure'
import { type Author, followersOf, type NoteInfo, publish, type WorldContext } from './context.ts'
import { quoteComments } from './corpus/conversation.ts'
import { outboxHint } from './relay-lists.ts'
import { after, HOUR } from './timeline.ts'

const EMOJI = ['🤙', '🔥', '❤️', '😂', '⚡', '🫂', '💜', '👀', '🙌', '😍', '🧡', '💯']

/** distinct people to engage with a note, followers first */
function audience(ctx: WorldContext, note: NoteInfo, count: number): Author[] {
  const followers = ctx.rng.shuffle(followersOf(ctx, note.author.persona.handle))
  const others = ctx.rng.shuffle(
    ctx.authors.filter((a) => a !== note.author && !followers.includes(a)),
  )
  const picked: Author[] = []
  for (let i = 0; i < count; i++) {
    const from = ctx.rng.chance(0.8) ? followers : others
    const next = from.shift() ?? others.shift() ?? followers.shift()
    if (next) picked.push(next)
  }
  return picked
}

export function publishReaction(
  ctx: WorldContext,
  who: Author,
  target: NostrEvent,
  createdAt = after(ctx, target.created_at, 3 * HOUR, who.persona),
): NostrEvent {
  return publish(ctx, who, {
    kind: 7,
    created_at: createdAt,
    tags: [
      ['e', target.id, outboxHint(ctx, target.pubkey), target.pubkey],
      ['p', target.pubkey, outboxHint(ctx, target.pubkey)],
      ['k', String(target.kind)],
    ],
    content: ctx.rng.chance(0.6) ? '+' : ctx.rng.pick(EMOJI),
  })
}

export function publishRepost(
  ctx: WorldContext,
  who: Author,
  target: NostrEvent,
  createdAt = after(ctx, target.created_at, 5 * HOUR, who.persona),
): NostrEvent {
  return publish(ctx, who, {
    kind: 6,
    created_at: createdAt,
    tags: [
      ['e', target.id, outboxHint(ctx, target.pubkey)],
      ['p', target.pubkey],
    ],
    content: JSON.stringify(ctx.signer.ensureSigned(target)),
  })
}

/** NIP-18 quote: a nostr: link to the quoted note in the text and a q tag */
export function publishQuote(
  ctx: WorldContext,
  who: Author,
  target: NoteInfo,
  createdAt = after(ctx, target.event.created_at, 6 * HOUR, who.persona),
): NoteInfo {
  const t = target.event
  const hint = outboxHint(ctx, t.pubkey)
  const pointer = ctx.rng.chance(0.6)
    ? neventEncode({ id: t.id, relays: [hint], author: t.pubkey, kind: t.kind })
    : noteEncode(t.id)
  const content = ctx.rng.pick(quoteComments).replace('%QUOTE%', `nostr:${pointer}`)
  const event = publish(ctx, who, {
    kind: 1,
    created_at: createdAt,
    tags: [
      ['q', t.id, hint, t.pubkey],
      ['p', t.pubkey],
    ],
    content,
  })
  const info: NoteInfo = { event, author: who, topic: target.topic, rootId: null, hasMedia: false }
  ctx.notes.push(info)
  return info
}

export function publishReactions(ctx: WorldContext): void {
  for (const note of [...ctx.notes]) {
    const followers = followersOf(ctx, note.author.persona.handle).length
    const base = note.rootId === null ? 0.6 + followers * 0.14 : 0.5
    const count = Math.floor(ctx.rng.next() ** 2 * base * (note.hasMedia ? 1.7 : 1) * 1.6)
    for (const who of audience(ctx, note, count)) publishReaction(ctx, who, note.event)
  }
}

export function publishReposts(ctx: WorldContext): void {
  for (const note of ctx.notes.filter((n) => n.rootId === null)) {
    if (!ctx.rng.chance(0.05 + (note.hasMedia ? 0.07 : 0))) continue
    for (const who of audience(ctx, note, ctx.rng.chance(0.25) ? 2 : 1))
      publishRepost(ctx, who, note.event)
  }
}

export function publishQuotes(ctx: WorldContext, count: number): void {
  const roots = ctx.notes.filter(
    (n) => n.rootId === null && !n.event.tags.some((t) => t[0] === 'q'),
  )
  for (let i = 0; i < count; i++) {
    const target = ctx.rng.pick(roots)
    const [who] = audience(ctx, target, 1)
    if (who) publishQuote(ctx, who, target)
  }
}
