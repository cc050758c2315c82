import { expose, wrap } from 'comlink'
import { afterAll, describe, expect, it } from 'vitest'
import {
  ASCII_CACHE_ITEM_BYTES,
  ASCII_CACHE_MAX_ITEMS,
  ASCII_DRAWS_AT_ONCE,
  createAsciiCache,
} from '../../../../src/actors/feed/ascii-cache.ts'
import type { Pixels } from '../../../../src/core/feed/ascii-art.ts'
import {
  type AsciiApi,
  type AsciiResult,
  createAsciiApi,
} from '../../../../src/workers/ascii-api.ts'

/** Every picture decodes to the same grey square; `/refused` ones fail as a CORS refusal would. */
const decoded: string[] = []
const square = (size: number): Pixels => ({
  width: size,
  height: size,
  data: new Uint8ClampedArray(size * size * 4).fill(128),
})

// The real worker API over a MessageChannel; only the decoding (browser APIs) is ours.
const channel = new MessageChannel()
expose(
  createAsciiApi(async (url, scaleTo) => {
    decoded.push(url)
    if (url.includes('/refused')) throw new TypeError('Failed to fetch')
    const { width } = scaleTo(64, 64)
    return square(width)
  }),
  channel.port1,
)
const worker = wrap<AsciiApi>(channel.port2)
afterAll(() => {
  channel.port1.close()
  channel.port2.close()
})
const render = (url: string, color: boolean) => worker.render(url, color)

describe('ASCII cache', () => {
  it('draws a picture once per colour flag, however many ask at once', async () => {
    decoded.length = 0
    const cache = createAsciiCache(render)
    expect(cache.peek('https://m.example/a.png', false)).toBeUndefined()
    const [first, second] = await Promise.all([
      cache.get('https://m.example/a.png', false),
      cache.get('https://m.example/a.png', false),
    ])
    expect(first.ok).toBe(true)
    expect(second).toBe(first)
    expect(cache.peek('https://m.example/a.png', false)).toBe(first)
    expect(decoded).toEqual(['https://m.example/a.png'])

    const colored = await cache.get('https://m.example/a.png', true)
    expect(colored.ok && colored.art.colors).not.toBeNull()
    expect(decoded).toHaveLength(2)
    expect(cache.count()).toBe(2)
    expect(cache.estimatedBytes()).toBe(2 * ASCII_CACHE_ITEM_BYTES)
    expect(ASCII_CACHE_ITEM_BYTES).toBe(2000)
  })

  it('draws with the renderer a caller gives (the page), and keeps it for those who give none', async () => {
    decoded.length = 0
    const cache = createAsciiCache(() => Promise.reject(new Error('the worker is not asked')))
    const onPage: string[] = []
    const drawn = await cache.get('https://m.example/p.png', false, (url, color) => {
      onPage.push(url)
      return render(url, color)
    })
    expect(drawn.ok).toBe(true)
    expect(onPage).toEqual(['https://m.example/p.png'])
    expect(await cache.get('https://m.example/p.png', false)).toBe(drawn)
    expect(onPage).toHaveLength(1)
  })

  it('remembers a picture that could not be drawn without counting it', async () => {
    decoded.length = 0
    const cache = createAsciiCache(render)
    const refused = await cache.get('https://cors.example/refused.png', false)
    expect(refused).toEqual({ ok: false, reason: 'Failed to fetch' })
    expect(await cache.get('https://cors.example/refused.png', false)).toBe(refused)
    expect(decoded).toHaveLength(1)
    expect(cache.count()).toBe(0)
    expect(cache.estimatedBytes()).toBe(0)
  })

  it('keeps the most recently used, dropping the oldest past its cap', async () => {
    const cache = createAsciiCache(render, 3)
    for (const name of ['a', 'b', 'c']) await cache.get(`https://m.example/${name}.png`, false)
    cache.peek('https://m.example/a.png', false) // a is used again: b is now the oldest
    await cache.get('https://m.example/d.png', false)
    expect(cache.count()).toBe(3)
    expect(cache.peek('https://m.example/b.png', false)).toBeUndefined()
    expect(cache.peek('https://m.example/a.png', false)).toBeDefined()
    cache.clear()
    expect(cache.count()).toBe(0)
    expect(ASCII_CACHE_MAX_ITEMS).toBeGreaterThan(100)
  })

  it('does not remember a worker that failed: the next look asks again', async () => {
    let calls = 0
    const cache = createAsciiCache(async () => {
      calls++
      throw new Error('worker gone')
    })
    expect(await cache.get('https://m.example/a.png', false)).toEqual({
      ok: false,
      reason: 'worker gone',
    })
    await cache.get('https://m.example/a.png', false)
    expect(calls).toBe(2)
    expect(cache.peek('https://m.example/a.png', false)).toBeUndefined()
  })

  it('draws ASCII_DRAWS_AT_ONCE pictures at a time, the others in the order they were asked for', async () => {
    const started: string[] = []
    const finish = new Map<string, () => void>()
    const cache = createAsciiCache((url, color) => {
      started.push(url)
      return new Promise<void>((done) => finish.set(url, done)).then(
        (): Promise<AsciiResult> => render(url, color),
      )
    })
    const urls = ['a', 'b', 'c', 'd'].map((name) => `https://m.example/${name}.png`)
    const drawn = urls.map((url) => cache.get(url, false))
    await new Promise((settle) => setTimeout(settle, 0))
    expect(ASCII_DRAWS_AT_ONCE).toBe(2)
    expect(started).toEqual(urls.slice(0, 2))
    finish.get(urls[1]!)!()
    await drawn[1]
    expect(started).toEqual(urls.slice(0, 3))
    finish.get(urls[0]!)!()
    finish.get(urls[2]!)!()
    await Promise.all([drawn[0], drawn[2]])
    expect(started).toEqual(urls)
    finish.get(urls[3]!)!()
    expect((await Promise.all(drawn)).every((result) => result.ok)).toBe(true)
  })

  it('settles once every picture asked for so far is drawn, a failed one included', async () => {
    const finish = new Map<string, () => void>()
    const cache = createAsciiCache((url, color) =>
      new Promise<void>((done) => finish.set(url, done)).then(
        (): Promise<AsciiResult> => render(url, color),
      ),
    )
    await cache.settled() // nothing asked for: settled at once
    const urls = ['a', 'refused', 'b'].map((name) => `https://m.example/${name}.png`)
    for (const url of urls) void cache.get(url, false)
    let settled = false
    const waiting = cache.settled().then(() => {
      settled = true
    })
    await new Promise((tick) => setTimeout(tick, 0))
    finish.get(urls[0]!)!()
    finish.get(urls[1]!)!()
    await new Promise((tick) => setTimeout(tick, 10))
    // The third waits its turn behind the first two, and settled() waits for it.
    expect(settled).toBe(false)
    finish.get(urls[2]!)!()
    await waiting
    expect(cache.peek(urls[2]!, false)?.ok).toBe(true)
    expect(cache.peek(urls[1]!, false)?.ok).toBe(false)
  })
})
