/**
 * ASCII art of note pictures, drawn once in a worker and kept by picture URL and Color Mode.
 * The newest ASCII_CACHE_MAX_ITEMS are kept (least recently used goes first); its size is
 * estimated as the spec does, 2,000 bytes an item (§9, cache size estimates). A picture that
 * could not be drawn is remembered too, so scrolling past it again does not fetch it again, but
 * counts for nothing. A worker that fails is not remembered: the next look asks again.
 */
import { type Remote, wrap } from 'comlink'
import type { AsciiApi, AsciiResult } from '../../workers/ascii-api.ts'

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
  /** The picture drawn, from the cache or the worker; one drawing however many ask at once. */
  get(url: string, color: boolean): Promise<AsciiResult>
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

  const inTurn = async (url: string, color: boolean) => {
    if (running >= atOnce) await new Promise<void>((start) => waiting.push(start))
    running++
    try {
      return await render(url, color)
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
    get(url, color) {
      const known = peek(url, color)
      if (known) return Promise.resolve(known)
      const key = keyOf(url, color)
      const pending = drawing.get(key)
      if (pending) return pending
      const draw = inTurn(url, color).then(
        (result) => {
          drawing.delete(key)
          remember(key, result)
          return result
        },
        (error: unknown): AsciiResult => {
          drawing.delete(key)
          return { ok: false, reason: error instanceof Error ? error.message : String(error) }
        },
      )
      drawing.set(key, draw)
      return draw
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
