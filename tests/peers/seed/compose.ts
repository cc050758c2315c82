// Turns corpus templates into finished note text: expands alternatives, avoids repeating a post
// anyone already made, makes sure every note carries at least one hashtag, adds media.
import { type Attachment, maybeVideo, photoAttachments } from './attachments.ts'
import type { Author, WorldContext } from './context.ts'
import { CORPUS } from './corpus/index.ts'
import { expand, hashtagsIn } from './template.ts'
import type { TopicKey } from './types.ts'

function withHashtags(ctx: WorldContext, text: string, topic: TopicKey): string {
  const corpus = CORPUS[topic]
  const present = hashtagsIn(text)
  const extra = ctx.rng
    .shuffle(corpus.tags)
    .filter((t) => !present.includes(t))
    .slice(0, present.length === 0 ? ctx.rng.int(1, 2) : ctx.rng.chance(0.15) ? 1 : 0)
  if (extra.length === 0) return text
  const tags = extra.map((t) => `#${t}`).join(' ')
  return text.includes('\n') || ctx.rng.chance(0.3) ? `${text}\n\n${tags}` : `${text} ${tags}`
}

/** note text for a topic; may fall back to another of the author's topics (returned as `topic`) */
export function composeText(
  ctx: WorldContext,
  a: Author,
  topic: TopicKey,
): { text: string; topic: TopicKey } {
  const candidates: TopicKey[] = [topic, ...a.persona.topics.map(([t]) => t), 'life']
  for (const t of candidates) {
    const corpus = CORPUS[t]
    for (let attempt = 0; attempt < 10; attempt++) {
      const text = expand(ctx.rng.pick(corpus.posts), ctx.rng, corpus.slots)
      if (ctx.usedTexts.has(text)) continue
      ctx.usedTexts.add(text)
      return { text: withHashtags(ctx, text, t), topic: t }
    }
  }
  // the corpus is exhausted for this person: a repeat is better than nothing
  const corpus = CORPUS[topic]
  return {
    text: withHashtags(ctx, expand(ctx.rng.pick(corpus.posts), ctx.rng, corpus.slots), topic),
    topic,
  }
}

export function attachmentsFor(ctx: WorldContext, topic: TopicKey): Attachment[] {
  const video = maybeVideo(ctx, topic)
  if (video) return [video]
  const corpus = CORPUS[topic]
  if (corpus.photos && ctx.rng.chance(corpus.photoRate ?? 0))
    return photoAttachments(ctx, corpus.photos)
  return []
}

/** a reply line that fits the note being answered */
export function replyText(
  ctx: WorldContext,
  topic: TopicKey | null,
  generic: readonly string[],
): string {
  const pool = topic && ctx.rng.chance(0.6) ? CORPUS[topic].replies : generic
  return expand(ctx.rng.pick(pool), ctx.rng, topic ? CORPUS[topic].slots : {})
}
