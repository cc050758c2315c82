/**
 * Fetches a picture to decode, the way every picture is asked for (core/platform/picture-request.ts)
 * and never larger than the cap: a declared Content-Length over it is refused before any byte is
 * read, and the body is read as a stream and cancelled the moment it passes the cap, whatever the
 * host declared (a missing or lying length). Only then is anything decoded.
 */
import {
  PICTURE_FETCH_INIT,
  PICTURE_MAX_BYTES,
  PICTURE_TOO_LARGE,
} from '../core/platform/picture-request.ts'

export interface PictureFetchOptions {
  signal?: AbortSignal
  /** The cap in bytes; the app's is PICTURE_MAX_BYTES. */
  maxBytes?: number
}

export async function fetchPicture(url: string, options: PictureFetchOptions = {}): Promise<Blob> {
  const maxBytes = options.maxBytes ?? PICTURE_MAX_BYTES
  const response = await fetch(url, { ...PICTURE_FETCH_INIT, signal: options.signal ?? null })
  const tooLarge = async () => {
    await response.body?.cancel().catch(() => undefined)
    return new Error(PICTURE_TOO_LARGE)
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined)
    throw new Error(`HTTP ${response.status}`)
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) throw await tooLarge()
  const type = response.headers.get('content-type') ?? ''
  if (!response.body) return new Blob([], { type })
  const reader = response.body.getReader()
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw new Error(PICTURE_TOO_LARGE)
    }
    chunks.push(value)
  }
  return new Blob(chunks, { type })
}
