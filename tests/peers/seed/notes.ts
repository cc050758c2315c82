// Top-level kind-1 notes: each person writes about their topics in their own voice, with
// hashtags in the text and as t tags, sometimes with photos or a clip, a few behind a
// content warning.
import { attachmentsFor, composeText } from './compose.ts'
import { type Author, author, type NoteInfo, publish, type WorldContext } from './context.ts'
import { contentWarningPosts } from './corpus/conversation.ts'
import { hashtagsIn } from './template.ts'
import { MINUTE, postTime, WINDOW } from './timeline.ts'
import type { TopicKey } from './types.ts'

/** average root notes per unit of persona activity; ~1,750 roots in total */
const NOTES_PER_ACTIVITY = 46

function pickTopic(ctx: WorldContext, a: Author): TopicKey {
  const topics = a.persona.topics
  return ctx.rng.weighted(
    topics.map(([t]) => t),
    topics.map(([, w]) => w),
  )
}

export function publishRootNote(
  ctx: WorldContext,
  a: Author,
  topic: TopicKey,
  createdAt: number,
  extraTags: string[][] = [],
): NoteInfo {
  const { text, topic: used } = composeText(ctx, a, topic)
  const attachments = attachmentsFor(ctx, used)
  const content = attachments.length
    ? `${text}\n\n${attachments.map((x) => x.url).join('\n')}`
    : text
  const tags = [
    ...hashtagsIn(text).map((t) => ['t', t]),
    ...attachments.map((x) => x.imeta),
    ...extraTags,
  ]
  const event = publish(ctx, a, { kind: 1, created_at: createdAt, tags, content })
  const info: NoteInfo = {
    event,
    author: a,
    topic: used,
    rootId: null,
    hasMedia: attachments.length > 0,
  }
  ctx.notes.push(info)
  return info
}

export function publishRootNotes(ctx: WorldContext): void {
  for (const a of ctx.authors) {
    const count = Math.round(
      NOTES_PER_ACTIVITY * a.persona.activity * (0.85 + 0.3 * ctx.rng.next()),
    )
    for (let i = 0; i < count; i++) {
      const topic = pickTopic(ctx, a)
      publishRootNote(ctx, a, topic, postTime(ctx, a.persona, 5 * MINUTE, WINDOW))
    }
  }
}

/** NIP-36: a handful of notes hidden behind a content warning */
export function publishContentWarnings(ctx: WorldContext): void {
  for (const cw of contentWarningPosts) {
    const a = author(ctx, cw.handle)
    const event = publish(ctx, a, {
      kind: 1,
      created_at: postTime(ctx, a.persona, 2 * 3600, WINDOW),
      tags: [['content-warning', cw.reason], ...hashtagsIn(cw.text).map((t) => ['t', t])],
      content: cw.text,
    })
    ctx.notes.push({ event, author: a, topic: null, rootId: null, hasMedia: false })
  }
}
