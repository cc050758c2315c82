/**
 * The ASCII worker's API, separate from its entry point so tests can expose it on any port with
 * their own image decoder. Outcomes come back as values, since Comlink rebuilds thrown errors as
 * bare Errors: a picture that cannot be drawn is an answer, not a failure of the worker.
 */
import { type AsciiArt, asciiArt, type Pixels, sampleSize } from '../core/feed/ascii-art.ts'
import { messageOf } from '../core/platform/error-message.ts'

export type AsciiResult = { ok: true; art: AsciiArt } | { ok: false; reason: string }

/** Fetches and decodes a picture, scaled to the size `scaleTo` gives for its own size. */
export type DecodeImage = (
  url: string,
  scaleTo: (width: number, height: number) => { width: number; height: number },
) => Promise<Pixels>

export interface AsciiApi {
  /** The picture at `url` as ASCII art, with its colours in Color Mode. */
  render(url: string, color: boolean): Promise<AsciiResult>
}

export function createAsciiApi(decode: DecodeImage): AsciiApi {
  return {
    async render(url, color) {
      try {
        const pixels = await decode(url, sampleSize)
        if (pixels.width === 0 || pixels.height === 0) return { ok: false, reason: 'empty picture' }
        return { ok: true, art: asciiArt(pixels, color) }
      } catch (error) {
        return { ok: false, reason: messageOf(error) }
      }
    },
  }
}
