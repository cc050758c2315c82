// The demo account's last day: fresh notes of its own, and people replying, reacting, reposting,
// quoting, mentioning and zapping, so the notifications screen is full on first login.
import { replyText } from './compose.ts'
import { type Author, followersOf, type NoteInfo, type WorldContext } from './context.ts'
import { genericReplies, threadFollowUps } from './corpus/conversation.ts'
import { publishQuote, publishReaction, publishRepost } from './engagement.ts'
import { publishMention } from './mentions.ts'
import { publishRootNote } from './notes.ts'
import { isMutedByDemo } from './social.ts'
import { publishReply } from './threads.ts'
import { after, HOUR, MINUTE } from './timeline.ts'
import type { TopicKey } from './types.ts'
import { publishZap } from './zaps.ts'

const FRESH: readonly { topic: TopicKey; ageHours: number }[] = [
  { topic: 'nostr', ageHours: 21 },
  { topic: 'books', ageHours: 12 },
  { topic: 'nostr', ageHours: 5 },
]

export function publishDemoActivity(ctx: WorldContext): void {
  const demo = ctx.demo
  const fans = ctx.rng.shuffle(
    followersOf(ctx, demo.persona.handle).filter((a) => !isMutedByDemo(a.persona.handle)),
  )
  let next = 0
  const fan = (): Author => fans[next++ % fans.length] as Author

  const notes = FRESH.map(({ topic, ageHours }) =>
    publishRootNote(ctx, demo, topic, ctx.now - ageHours * HOUR - ctx.timeRng.int(0, 40 * MINUTE)),
  )
  for (const note of notes) {
    const soon = (): number => after(ctx, note.event.created_at, HOUR)
    // two replies, the demo answers one, and that person answers back (a NIP-10 "reply")
    const first = publishReplyFrom(ctx, fan(), note, soon)
    publishReplyFrom(ctx, fan(), note, soon)
    const answer = publishRepliesTo(ctx, demo, note, first, ctx.rng.pick(threadFollowUps))
    publishRepliesTo(ctx, first.author, note, answer, replyText(ctx, note.topic, genericReplies))
    for (let i = 0; i < 5; i++) publishReaction(ctx, fan(), note.event, soon())
    publishRepost(ctx, fan(), note.event, soon())
  }
  const [a, b] = notes
  if (a) publishQuote(ctx, fan(), a, after(ctx, a.event.created_at, 2 * HOUR))
  if (b) publishQuote(ctx, fan(), b, after(ctx, b.event.created_at, 2 * HOUR))
  for (let i = 0; i < 3; i++) {
    publishMention(
      ctx,
      fan(),
      demo,
      ctx.now - ctx.timeRng.int(1, 22) * HOUR - ctx.timeRng.int(0, HOUR),
    )
  }
  for (const [i, note] of notes.entries()) {
    publishZap(ctx, fan(), note, [2100, 1000, 21][i], after(ctx, note.event.created_at, 2 * HOUR))
  }
  // and one zap on something older, arriving this morning
  const older = ctx.notes.find((n) => n.author === demo && n.rootId === null && !notes.includes(n))
  if (older) publishZap(ctx, fan(), older, 5000, ctx.now - ctx.timeRng.int(2, 9) * HOUR)
}

function publishReplyFrom(
  ctx: WorldContext,
  who: Author,
  root: NoteInfo,
  when: () => number,
): NoteInfo {
  return publishReply(ctx, who, root, root, replyText(ctx, root.topic, genericReplies), when())
}

function publishRepliesTo(
  ctx: WorldContext,
  who: Author,
  root: NoteInfo,
  parent: NoteInfo,
  text: string,
): NoteInfo {
  return publishReply(
    ctx,
    who,
    root,
    parent,
    text,
    after(ctx, parent.event.created_at, 40 * MINUTE),
  )
}
