/**
 * ASCII art of note pictures, drawn once in a worker (the early feed's on the page) and kept by
 * picture URL and Color Mode.
 * The newest ASCII_CACHE_MAX_ITEMS are kept (least recently used goes first); its size is
 * estimated as the spec does, 2,000 bytes an item (§9, cache size estimates). A picture that
 * could not be drawn is remembered too, so scrolling past it again does not fetch it again, but
 * counts for nothing. A worker that fails is not remembered: the next look asks again.
 */
import { type Remote, wrap } from 'comlink'
import { messageOf } from '../../core/platform/error-message.ts'
import { type AsciiApi, type AsciiResult, createAsciiApi } from '../../workers/ascii-api.ts'
import { PICTURE_OVER_BOUND, pictureDecoder } from '../../workers/picture-decode.ts'

/** Estimated bytes per ASCII cache item (spec §9). */
export const ASCII_CACHE_ITEM_BYTES = 2000
/** About 600 kB estimated: a long scroll of pictures, not a whole day of them. */
export const ASCII_CACHE_MAX_ITEMS = 300
/**
 * Pictures fetched and drawn at once, the rest wait their turn in the order they were asked for:
 * the rows on screen ask first, so on a slow line their pictures do not share it with the ones
 * below the fold.
 */
export const ASCII_DRAWS_AT_ONCE = 2

export type RenderAscii = (url: string, color: boolean) => Promise<AsciiResult>

export interface AsciiCache {
  /** What is known of this picture, without drawing it: undefined until drawn. */
  peek(url: string, color: boolean): AsciiResult | undefined
  /**
   * The picture drawn, from the cache or by `render` (the cache's own where not given: the
   * worker's); one drawing however many ask at once.
   */
  get(url: string, color: boolean, render?: RenderAscii): Promise<AsciiResult>
  /** Settles once every picture asked for so far is drawn (or could not be). */
  settled(): Promise<void>
  /** Pictures drawn and kept (failures not counted). */
  count(): number
  /** count() × 2,000 bytes (spec §9). */
  estimatedBytes(): number
  clear(): void
}

const keyOf = (url: string, color: boolean) => `${color ? 'color' : 'mono'} ${url}`

export function createAsciiCache(
  render: RenderAscii,
  maxItems = ASCII_CACHE_MAX_ITEMS,
  atOnce = ASCII_DRAWS_AT_ONCE,
): AsciiCache {
  const items = new Map<string, AsciiResult>()
  const drawing = new Map<string, Promise<AsciiResult>>()
  const waiting: Array<() => void> = []
  let running = 0

  const inTurn = async (url: string, color: boolean, draw: RenderAscii) => {
    if (running >= atOnce) await new Promise<void>((start) => waiting.push(start))
    running++
    try {
      return await draw(url, color)
    } finally {
      running--
      waiting.shift()?.()
    }
  }

  const remember = (key: string, result: AsciiResult) => {
    items.delete(key)
    items.set(key, result)
    while (items.size > maxItems) items.delete(items.keys().next().value ?? '')
  }

  const peek = (url: string, color: boolean) => {
    const key = keyOf(url, color)
    const result = items.get(key)
    // Looked at: the most recently used now.
    if (result) remember(key, result)
    return result
  }

  const count = () => {
    let drawn = 0
    for (const result of items.values()) if (result.ok) drawn++
    return drawn
  }

  return {
    peek,
    get(url, color, draw = render) {
      const known = peek(url, color)
      if (known) return Promise.resolve(known)
      const key = keyOf(url, color)
      const pending = drawing.get(key)
      if (pending) return pending
      const drawn = inTurn(url, color, draw).then(
        (result) => {
          drawing.delete(key)
          remember(key, result)
          return result
        },
        (error: unknown): AsciiResult => {
          drawing.delete(key)
          return { ok: false, reason: messageOf(error) }
        },
      )
      drawing.set(key, drawn)
      return drawn
    },
    settled: async () => {
      await Promise.all(drawing.values())
    },
    count,
    estimatedBytes: () => count() * ASCII_CACHE_ITEM_BYTES,
    clear: () => items.clear(),
  }
}

function startAsciiWorker(): Remote<AsciiApi> {
  const worker = new Worker(new URL('../../workers/ascii.worker.ts', import.meta.url), {
    type: 'module',
  })
  return wrap<AsciiApi>(worker)
}

let shared: AsciiCache | undefined
let worker: Remote<AsciiApi> | undefined

/**
 * The app's ASCII cache, made on first use. The worker starts with the first picture drawn, or
 * earlier with warmAsciiWorker (a feed opening in ASCII Mode).
 */
export function asciiCache(): AsciiCache {
  shared ??= createAsciiCache((url, color) => warmAsciiWorker().render(url, color))
  return shared
}

/** The worker, started now if it is not yet: ready by the time the first notes arrive. */
export function warmAsciiWorker(): Remote<AsciiApi> {
  worker ??= startAsciiWorker()
  return worker
}

/**
 * The pixels drawImage scales on the page at most: on this host, drawing and reading a 1200 x 800
 * picture there took 2-11 ms, a 4000 x 3000 photo's 10-265 ms (the main thread's).
 */
export const ASCII_PAGE_MAX_PIXELS = 1_000_000

/**
 * Draws on the page's own thread: the early feed's pictures, the largest thing a first visit
 * paints. The worker, begun when the config came, took 350-500 ms on this host to load and start
 * before the first picture was asked for (cold loads at a phone's width). On the page the picture
 * is fetched and decoded off the main thread as in the worker, and scaled on it only up to
 * ASCII_PAGE_MAX_PIXELS: a larger one is drawn by the worker.
 */
export const drawAsciiOnPage: RenderAscii = async (url, color) => {
  const drawn = await createAsciiApi(pictureDecoder(ASCII_PAGE_MAX_PIXELS)).render(url, color)
  if (drawn.ok || drawn.reason !== PICTURE_OVER_BOUND) return drawn
  return warmAsciiWorker().render(url, color)
}
