// The picture fetch of the ASCII worker against a real HTTP server on 127.0.0.1: the size is
// checked before anything is decoded, on the declared length (refused before a byte of the body
// is read) and on the bytes as they arrive (a host that declares nothing, or a small gzip body
// that inflates past the cap, is cut off at the cap). Node's own fetch, as in the worker.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PICTURE_FETCH_INIT,
  PICTURE_MAX_BYTES,
  PICTURE_TOO_LARGE,
} from '../../../src/core/platform/picture-request.ts'
import { fetchPicture } from '../../../src/workers/picture-fetch.ts'

const CAP = 64 * 1024
const CHUNK = Buffer.alloc(16 * 1024, 7)

/** Per path: what was asked (headers) and how many body bytes went out before the socket closed. */
const seen = new Map<string, { headers: IncomingHttpHeaders; sent: number; closed: boolean }>()
let base = ''
const server = createServer((req, res) => {
  const path = req.url ?? '/'
  const record = { headers: req.headers, sent: 0, closed: false }
  seen.set(path, record)
  res.on('close', () => {
    record.closed = true
  })
  const send = (body: Buffer) => {
    record.sent += body.length
    res.write(body)
  }
  const png = (extra: Record<string, string | number> = {}) =>
    res.writeHead(200, { 'Content-Type': 'image/png', ...extra })
  if (path.startsWith('/exact/')) {
    const size = Number(path.split('/')[2])
    png({ 'Content-Length': size })
    send(Buffer.alloc(size, 1))
    res.end()
  } else if (path === '/declares-too-much') {
    // Declares one byte over the cap, then sends nothing: only the header can refuse it.
    png({ 'Content-Length': CAP + 1 })
    res.flushHeaders()
  } else if (path === '/declares-default-cap-plus-one') {
    png({ 'Content-Length': PICTURE_MAX_BYTES + 1 })
    res.flushHeaders()
  } else if (path === '/streams-forever') {
    // No length declared (chunked): the bytes themselves must be counted.
    png()
    const pump = () => {
      while (!res.destroyed && res.write(CHUNK)) record.sent += CHUNK.length
      if (!res.destroyed) record.sent += CHUNK.length
    }
    res.on('drain', pump)
    pump()
  } else if (path === '/gzip-bomb') {
    // A small declared length, true of the compressed body; inflated, it is 64 times the cap.
    const body = gzipSync(Buffer.alloc(CAP * 64))
    png({ 'Content-Encoding': 'gzip', 'Content-Length': body.length })
    send(body)
    res.end()
  } else if (path === '/missing') {
    res.writeHead(404).end()
  }
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  if (!(error instanceof Error)) throw new Error('expected the fetch to be refused')
  return error.message
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  return check()
}

describe('fetchPicture: the size checked before decoding', () => {
  it('asks with no referrer and no credentials, and returns a picture of exactly the cap', async () => {
    expect(PICTURE_FETCH_INIT).toEqual({
      mode: 'cors',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    })
    const blob = await fetchPicture(`${base}/exact/${CAP}`, { maxBytes: CAP })
    expect(blob.size).toBe(CAP)
    expect(blob.type).toBe('image/png')
    const { headers } = seen.get(`/exact/${CAP}`)!
    expect(headers.referer).toBeUndefined()
    expect(headers.cookie).toBeUndefined()
  })

  it('refuses a declared length one byte over the cap before reading the body', async () => {
    expect(await refusal(fetchPicture(`${base}/exact/${CAP + 1}`, { maxBytes: CAP }))).toBe(
      PICTURE_TOO_LARGE,
    )
    // The server sends headers only: a refusal here cannot have waited for a body.
    const started = performance.now()
    expect(await refusal(fetchPicture(`${base}/declares-too-much`, { maxBytes: CAP }))).toBe(
      PICTURE_TOO_LARGE,
    )
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(await waitFor(() => seen.get('/declares-too-much')!.closed)).toBe(true)
  })

  it('cuts off a body with no declared length at the cap, closing the connection', async () => {
    expect(await refusal(fetchPicture(`${base}/streams-forever`, { maxBytes: CAP }))).toBe(
      PICTURE_TOO_LARGE,
    )
    const record = seen.get('/streams-forever')!
    expect(await waitFor(() => record.closed)).toBe(true)
    // What went out before the close: the cap and what the sockets buffered, not an endless body.
    expect(record.sent).toBeLessThan(CAP + 8 * 1024 * 1024)
  })

  it('counts the inflated bytes: a small gzip body that inflates past the cap is refused', async () => {
    expect(await refusal(fetchPicture(`${base}/gzip-bomb`, { maxBytes: CAP }))).toBe(
      PICTURE_TOO_LARGE,
    )
    expect(seen.get('/gzip-bomb')!.sent).toBeLessThan(CAP)
  })

  it('the app’s cap is 20 MiB: exactly that is read, one byte more is refused unread', async () => {
    expect(PICTURE_MAX_BYTES).toBe(20 * 1024 * 1024)
    expect((await fetchPicture(`${base}/exact/${PICTURE_MAX_BYTES}`)).size).toBe(PICTURE_MAX_BYTES)
    expect(await refusal(fetchPicture(`${base}/declares-default-cap-plus-one`))).toBe(
      PICTURE_TOO_LARGE,
    )
  })

  it('gives the HTTP status of a refusal', async () => {
    expect(await refusal(fetchPicture(`${base}/missing`))).toBe('HTTP 404')
  })
})
