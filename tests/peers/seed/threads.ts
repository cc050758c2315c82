// Reply threads with NIP-10 marked e tags ("root", and "reply" when answering a reply) and the
// p tags of everyone involved, so clients can rebuild conversations and notify participants.
import { replyText } from './compose.ts'
import { type Author, followersOf, type NoteInfo, publish, type WorldContext } from './context.ts'
import { genericReplies, threadFollowUps } from './corpus/conversation.ts'
import { outboxHint } from './relay-lists.ts'
import { after, answeredAt, HOUR } from './timeline.ts'

export function replyTags(
  ctx: WorldContext,
  root: NoteInfo,
  parent: NoteInfo,
  replier: Author,
): string[][] {
  const hint = (e: NoteInfo['event']): string => outboxHint(ctx, e.pubkey)
  const tags: string[][] = [['e', root.event.id, hint(root.event), 'root', root.event.pubkey]]
  if (parent.event.id !== root.event.id) {
    tags.push(['e', parent.event.id, hint(parent.event), 'reply', parent.event.pubkey])
  }
  const people = [
    parent.event.pubkey,
    ...parent.event.tags.filter((t) => t[0] === 'p').map((t) => t[1] ?? ''),
  ]
  for (const pk of new Set(people)) {
    if (pk && pk !== replier.id.pubkey) tags.push(['p', pk])
  }
  return tags
}

export function publishReply(
  ctx: WorldContext,
  replier: Author,
  root: NoteInfo,
  parent: NoteInfo,
  text: string,
  createdAt = after(ctx, parent.event.created_at, 2 * HOUR, replier.persona),
): NoteInfo {
  const event = publish(ctx, replier, {
    kind: 1,
    created_at: createdAt,
    tags: replyTags(ctx, root, parent, replier),
    content: text,
  })
  const info: NoteInfo = {
    event,
    author: replier,
    topic: root.topic,
    rootId: root.event.id,
    hasMedia: false,
  }
  ctx.notes.push(info)
  return info
}

/** pick someone to chime in: usually a follower of the author, sometimes anyone */
function pickReplier(ctx: WorldContext, root: NoteInfo, exclude: Author): Author {
  const followers = followersOf(ctx, root.author.persona.handle).filter((a) => a !== exclude)
  const pool =
    followers.length > 0 && ctx.rng.chance(0.75)
      ? followers
      : ctx.authors.filter((a) => a !== exclude)
  const picked = ctx.rng.pick(pool)
  // the demo account follows nearly everyone; without this it would reply to half the network
  return picked === ctx.demo && ctx.rng.chance(0.6) ? ctx.rng.pick(pool) : picked
}

export function publishThreads(ctx: WorldContext): void {
  const roots = ctx.notes.filter((n) => n.rootId === null)
  for (const root of roots) {
    const followers = followersOf(ctx, root.author.persona.handle).length
    if (!ctx.rng.chance(0.1 + 0.009 * followers + (root.hasMedia ? 0.05 : 0))) continue
    const thread: NoteInfo[] = [root]
    let size = 1
    while (size < 9 && ctx.rng.chance(0.5)) size++
    for (let i = 0; i < size; i++) {
      const parent = ctx.rng.chance(0.55) ? root : (ctx.rng.pick(thread) as NoteInfo)
      const replier = pickReplier(ctx, root, parent.author)
      const text =
        replier === root.author
          ? ctx.rng.pick(threadFollowUps)
          : replyText(ctx, root.topic, genericReplies)
      // the author often answers people who replied to them
      const followUp =
        replier !== root.author && ctx.rng.chance(0.3) ? ctx.rng.pick(threadFollowUps) : null
      // Replies still to come (after `now`) are left out, as on a real network.
      const at = answeredAt(ctx, parent.event.created_at, 2 * HOUR, replier.persona)
      if (at === null) continue
      const reply = publishReply(ctx, replier, root, parent, text, at)
      thread.push(reply)
      const answer = followUp && answeredAt(ctx, at, 2 * HOUR, root.author.persona)
      if (followUp && answer)
        thread.push(publishReply(ctx, root.author, root, reply, followUp, answer))
    }
  }
}
