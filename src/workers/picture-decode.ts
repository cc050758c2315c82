/**
 * A picture fetched, decoded and scaled down for ASCII Mode (ascii-api.ts), with the platform's
 * own decoder: in the ASCII worker, and on the page for the early feed's pictures
 * (actors/feed/ascii-cache.ts). The fetch is a CORS request, like the pixels of an <img> a page
 * may read: a host that does not allow it gives a failure, shown as a link to the picture. Its
 * size is checked before decoding (picture-fetch.ts, 20 MiB at most).
 */
import type { DecodeImage } from './ascii-api.ts'
import { fetchPicture } from './picture-fetch.ts'

/** A picture that does not arrive in this long is given up (the card shows its link instead). */
const FETCH_TIMEOUT_MS = 15_000

/** Why a decoder with a bound gave a picture up: more pixels than the bound (pictureDecoder). */
export const PICTURE_OVER_BOUND = 'more pixels than this decoder takes'

/**
 * Pictures decoded off the thread that asks, and scaled down on it: a picture of more than
 * `maxPixels` (width × height, once decoded) fails with PICTURE_OVER_BOUND before it is scaled.
 */
export function pictureDecoder(maxPixels = Number.POSITIVE_INFINITY): DecodeImage {
  return async (url, scaleTo) => {
    const blob = await fetchPicture(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
    const bitmap = await createImageBitmap(blob)
    try {
      if (bitmap.width * bitmap.height > maxPixels) throw new Error(PICTURE_OVER_BOUND)
      const { width, height } = scaleTo(bitmap.width, bitmap.height)
      const canvas = new OffscreenCanvas(width, height)
      const context = canvas.getContext('2d', { willReadFrequently: true })
      if (!context) throw new Error('no 2d canvas')
      context.imageSmoothingQuality = 'high'
      context.drawImage(bitmap, 0, 0, width, height)
      return { width, height, data: context.getImageData(0, 0, width, height).data }
    } finally {
      bitmap.close()
    }
  }
}
