import { expose, wrap } from 'comlink'
import { afterAll, describe, expect, it } from 'vitest'
import { asciiArt, type Pixels, sampleSize } from '../../../src/core/feed/ascii-art.ts'
import { type AsciiApi, createAsciiApi, type DecodeImage } from '../../../src/workers/ascii-api.ts'

/** A 1200×800 picture, dark on the left and bright on the right. */
const WIDTH = 1200
const HEIGHT = 800

function scaled(width: number, height: number): Pixels {
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = x < width / 2 ? 20 : 230
      data.set([v, v / 2, 255 - v, 255], (y * width + x) * 4)
    }
  }
  return { width, height, data }
}

/**
 * What the worker's decoder does with fetch, createImageBitmap and OffscreenCanvas (none of them
 * in Node): a known picture, scaled as the worker asks; a host that refuses; a picture with no
 * pixels.
 */
const asked: { url: string; width: number; height: number }[] = []
const decode: DecodeImage = async (url, scaleTo) => {
  if (url.endsWith('/refused.png')) throw new TypeError('Failed to fetch')
  if (url.endsWith('/empty.png')) return { width: 0, height: 0, data: new Uint8ClampedArray() }
  const size = scaleTo(WIDTH, HEIGHT)
  asked.push({ url, ...size })
  return scaled(size.width, size.height)
}

// The worker's API over a real MessageChannel, as Comlink does between threads.
const channel = new MessageChannel()
expose(createAsciiApi(decode), channel.port1)
const worker = wrap<AsciiApi>(channel.port2)
afterAll(() => {
  channel.port1.close()
  channel.port2.close()
})

describe('ASCII worker', () => {
  it('draws a picture from its scaled pixels, as core/ascii-art does', async () => {
    const result = await worker.render('https://m.example/photo.png', false)
    expect(asked.at(-1)).toEqual({
      url: 'https://m.example/photo.png',
      ...sampleSize(WIDTH, HEIGHT),
    })
    const size = sampleSize(WIDTH, HEIGHT)
    expect(result).toEqual({ ok: true, art: asciiArt(scaled(size.width, size.height), false) })
    if (!result.ok) return
    expect(result.art.lines[0]).toBe(`${' '.repeat(32)}${'@'.repeat(32)}`)
    expect(result.art.colors).toBeNull()
  })

  it('brings the colours across in Color Mode', async () => {
    const result = await worker.render('https://m.example/photo.png', true)
    const size = sampleSize(WIDTH, HEIGHT)
    expect(result).toEqual({ ok: true, art: asciiArt(scaled(size.width, size.height), true) })
    expect(result.ok && result.art.colors?.startsWith('data:image/bmp;base64,')).toBe(true)
  })

  it('answers a failure as a value, with the reason, for a picture it cannot load or read', async () => {
    expect(await worker.render('https://cors.example/refused.png', false)).toEqual({
      ok: false,
      reason: 'Failed to fetch',
    })
    expect(await worker.render('https://m.example/empty.png', true)).toEqual({
      ok: false,
      reason: 'empty picture',
    })
  })
})
