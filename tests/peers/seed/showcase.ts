// A few recent notes that show what a feed must handle, near the top where a reader (and a test)
// meets them: a repost with empty content (NIP-18 allows it: the note is fetched by its e tag), a
// note tagged #nsfw with a picture, and one behind a NIP-36 content warning. Fixed ages and texts,
// no random draws, so the rest of the world is the same with or without them.
import { type Author, author, type NoteInfo, publish, type WorldContext } from './context.ts'
import { photoPath } from './media/index.ts'
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './media/photos.ts'
import { outboxHint } from './relay-lists.ts'
import { MINUTE } from './timeline.ts'

/** Ages of the showcase events, from `now`: older than the newest notes, within the first pages. */
export const SHOWCASE_AGES = {
  emptyRepost: 55 * MINUTE,
  nsfw: 70 * MINUTE,
  contentWarning: 85 * MINUTE,
} as const

export const SHOWCASE_WARNING = 'needles, blood draw'

function note(
  ctx: WorldContext,
  who: Author,
  createdAt: number,
  content: string,
  tags: string[][],
) {
  const event = publish(ctx, who, { kind: 1, created_at: createdAt, tags, content })
  const info: NoteInfo = { event, author: who, topic: null, rootId: null, hasMedia: false }
  ctx.notes.push(info)
  return info
}

export function publishShowcase(ctx: WorldContext): void {
  // The newest pictured note by someone else, at least a day old: reposted with empty content.
  const reposter = author(ctx, 'ben')
  const target = ctx.notes
    .filter(
      (n) =>
        // A picture, not a clip: the feed test looks for it.
        n.event.tags.some((t) => t[0] === 'imeta' && t.includes('m image/png')) &&
        n.rootId === null &&
        n.author !== reposter &&
        n.event.created_at < ctx.now - 86_400,
    )
    .sort((a, b) => b.event.created_at - a.event.created_at)[0]
  if (target) {
    publish(ctx, reposter, {
      kind: 6,
      created_at: ctx.now - SHOWCASE_AGES.emptyRepost,
      tags: [
        ['e', target.event.id, outboxHint(ctx, target.event.pubkey)],
        ['p', target.event.pubkey],
      ],
      content: '',
    })
  }

  const url = `${ctx.origin}${photoPath('abstract', 2)}`
  note(
    ctx,
    author(ctx, 'mira'),
    ctx.now - SHOWCASE_AGES.nsfw,
    `Life drawing night: twelve poses, two hours, one very patient model. Charcoal studies below. #art #nsfw\n\n${url}`,
    [
      ['t', 'art'],
      ['t', 'nsfw'],
      [
        'imeta',
        `url ${url}`,
        'm image/png',
        `dim ${PHOTO_WIDTH}x${PHOTO_HEIGHT}`,
        'alt Charcoal figure studies',
      ],
    ],
  )

  note(
    ctx,
    author(ctx, 'ines'),
    ctx.now - SHOWCASE_AGES.contentWarning,
    'Gave blood for the first time today. The nurse found the vein on the first try and I only looked once. Cookies were excellent. #health',
    [
      ['content-warning', SHOWCASE_WARNING],
      ['t', 'health'],
    ],
  )
}
