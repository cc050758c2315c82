// Images and videos attached to notes: URLs on the demo origin (ending in the file extension so
// clients can tell pictures from clips) plus NIP-92 imeta tags describing them.
import type { WorldContext } from './context.ts'
import { photoPath, thumbPath, videoPath } from './media/index.ts'
import { PHOTO_HEIGHT, PHOTO_VARIANTS, PHOTO_WIDTH } from './media/photos.ts'
import type { PhotoKind, TopicKey, VideoName } from './types.ts'

export interface Attachment {
  url: string
  imeta: string[]
}

const ALT: Readonly<Record<PhotoKind, string>> = {
  mountains: 'Layered mountain ridges fading into haze',
  seascape: 'Sun low over the sea, light glittering on the water',
  forest: 'Misty pine forest in soft morning light',
  dunes: 'Sand dunes with long shadows under a warm sky',
  aurora: 'Green and violet aurora over dark mountains and a still lake',
  nightsky: 'The Milky Way above a dark hill and pine trees',
  city: 'City skyline with lit windows reflected in the water',
  abstract: 'Swirling abstract colour fields',
  generative: 'Generative pattern of arcs and circles',
  bokeh: 'Out-of-focus warm lights at night',
}

const VIDEO_ALT: Readonly<Record<VideoName, string>> = {
  'mandelbrot-dive': 'A slow zoom into the Mandelbrot set',
  'plasma-waves': 'Flowing plasma colours',
  'game-of-life': 'Conway’s Game of Life running',
}

/** topics that sometimes come with a short clip, and how often */
const VIDEOS: Partial<Record<TopicKey, { rate: number; names: readonly VideoName[] }>> = {
  generative: { rate: 0.14, names: ['mandelbrot-dive', 'game-of-life'] },
  art: { rate: 0.04, names: ['plasma-waves'] },
  music: { rate: 0.06, names: ['plasma-waves'] },
  astro: { rate: 0.03, names: ['mandelbrot-dive'] },
}

export function photoAttachments(ctx: WorldContext, kinds: readonly PhotoKind[]): Attachment[] {
  const roll = ctx.rng.next()
  const count = roll < 0.82 ? 1 : roll < 0.96 ? 2 : 3
  // a small gallery comes from one outing: same kind of scene, different frames
  const kind = ctx.rng.pick(kinds)
  const out: Attachment[] = []
  for (let i = 0; i < count; i++) {
    const variant = ctx.rng.int(1, PHOTO_VARIANTS)
    const url = `${ctx.origin}${photoPath(kind, variant)}`
    if (out.some((a) => a.url === url)) continue
    out.push({
      url,
      imeta: [
        'imeta',
        `url ${url}`,
        'm image/png',
        `dim ${PHOTO_WIDTH}x${PHOTO_HEIGHT}`,
        `alt ${ALT[kind]}`,
        `thumb ${ctx.origin}${thumbPath(kind, variant)}`,
      ],
    })
  }
  return out
}

export function maybeVideo(ctx: WorldContext, topic: TopicKey): Attachment | null {
  const spec = VIDEOS[topic]
  if (!spec || !ctx.rng.chance(spec.rate)) return null
  const name = ctx.rng.pick(spec.names)
  const url = `${ctx.origin}${videoPath(name)}`
  return {
    url,
    imeta: ['imeta', `url ${url}`, 'm video/webm', 'dim 480x270', `alt ${VIDEO_ALT[name]}`],
  }
}
