/// <reference lib="webworker" />
import { expose } from 'comlink'
import { createAsciiApi, type DecodeImage } from './ascii-api.ts'
import { fetchPicture } from './picture-fetch.ts'

/** A picture that does not arrive in this long is given up (the card shows its link instead). */
const FETCH_TIMEOUT_MS = 15_000

/**
 * Fetch, decode and scale down off the main thread. The fetch is a CORS request, like the
 * pixels of an <img> a page may read: a host that does not allow it gives a failure, shown as a
 * link to the picture. Its size is checked before decoding (picture-fetch.ts, 20 MiB at most).
 */
const decode: DecodeImage = async (url, scaleTo) => {
  const blob = await fetchPicture(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
  const bitmap = await createImageBitmap(blob)
  try {
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

expose(createAsciiApi(decode), self)
