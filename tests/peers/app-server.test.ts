import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localRuntimeConfig } from '../../src/core/platform/runtime-config.ts'
import { type AppServer, type AppWorld, startAppServer, withInlineConfig } from './app-server.ts'

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A request without fetch's automatic decompression: the test sees the bytes on the wire. */
const get = (url: string, headers: Record<string, string> = {}): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
      .on('error', reject)
      .end()
  })

const POLICY = "default-src 'self'; script-src 'self'"
const INDEX = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${POLICY}" /><title>Plume</title><div id="root"></div>`
const SCRIPT = `export const words = ${JSON.stringify('plume '.repeat(2000))}\n`
const world: AppWorld = {
  nip05: { alice: 'a'.repeat(64), bob: 'b'.repeat(64) },
  media: (pathname) =>
    pathname === '/media/clip.webm'
      ? {
          contentType: 'video/webm',
          body: new Uint8Array(Array.from({ length: 100 }, (_, i) => i)),
        }
      : null,
}

let dist: string
let server: AppServer
let built: AppServer
const config = localRuntimeConfig(['ws://127.0.0.1:7777'])

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'plume-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), INDEX)
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT)
  writeFileSync(join(dist, 'assets', 'verify-def.wasm'), Buffer.from([0, 97, 115, 109]))
  writeFileSync(join(dist, 'config.json'), '{"relays":[]}')
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}')
  server = await startAppServer({ distDir: dist, config, world })
  built = await startAppServer({ distDir: dist, config: null })
})

afterAll(async () => {
  await server.close()
  await built.close()
  rmSync(dist, { recursive: true, force: true })
})

describe('app server', () => {
  it('serves index.html without caching', async () => {
    const res = await get(`${server.url}/`)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body.toString()).toBe(INDEX)
  })

  it('falls back to index.html for client routes, not for missing files', async () => {
    const route = await get(`${server.url}/p/npub1xyz/notes`)
    expect(route.status).toBe(200)
    expect(route.body.toString()).toBe(INDEX)
    expect((await get(`${server.url}/missing.png`)).status).toBe(404)
    expect((await get(`${server.url}/assets/gone-123.js`)).status).toBe(404)
    expect((await get(`${server.url}/..%2f..%2fetc%2fpasswd`)).status).toBe(404)
  })

  it('serves hashed assets immutable and compressed, with the right types', async () => {
    const gz = await get(`${server.url}/assets/index-abc123.js`, { 'Accept-Encoding': 'gzip' })
    expect(gz.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers.vary).toBe('Accept-Encoding')
    expect(gz.body.length).toBeLessThan(SCRIPT.length / 10)
    expect(gunzipSync(gz.body).toString()).toBe(SCRIPT)

    const br = await get(`${server.url}/assets/index-abc123.js`, { 'Accept-Encoding': 'gzip, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT)

    const plain = await get(`${server.url}/assets/index-abc123.js`)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(SCRIPT)

    const wasm = await get(`${server.url}/assets/verify-def.wasm`)
    expect(wasm.headers['content-type']).toBe('application/wasm')
    const manifest = await get(`${server.url}/manifest.webmanifest`)
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8')
  })

  it('answers a matching ETag with 304', async () => {
    const first = await get(`${server.url}/assets/index-abc123.js`)
    const etag = String(first.headers.etag)
    expect(
      (await get(`${server.url}/assets/index-abc123.js`, { 'If-None-Match': etag })).status,
    ).toBe(304)
  })

  it('serves the given runtime config, or the built one', async () => {
    const given = await get(`${server.url}/config.json`)
    expect(JSON.parse(given.body.toString())).toEqual(config)
    expect(given.headers['cache-control']).toBe('no-cache')
    expect((await get(`${built.url}/config.json`)).body.toString()).toBe('{"relays":[]}')
  })

  it('answers NIP-05 with CORS', async () => {
    const res = await get(`${server.url}/.well-known/nostr.json?name=alice`)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(JSON.parse(res.body.toString())).toEqual({ names: { alice: 'a'.repeat(64) } })
    const nobody = await get(`${server.url}/.well-known/nostr.json?name=carol`)
    expect(JSON.parse(nobody.body.toString())).toEqual({ names: {} })
    expect((await get(`${built.url}/.well-known/nostr.json?name=alice`)).status).toBe(404)
  })

  it('serves world media, with byte ranges for video', async () => {
    const whole = await get(`${server.url}/media/clip.webm`)
    expect(whole.headers['content-type']).toBe('video/webm')
    expect(whole.body.length).toBe(100)
    const part = await get(`${server.url}/media/clip.webm`, { Range: 'bytes=10-19' })
    expect(part.status).toBe(206)
    expect(part.headers['content-range']).toBe('bytes 10-19/100')
    expect([...part.body]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
    expect((await get(`${server.url}/media/none.png`)).status).toBe(404)
  })

  it("sends index.html's policy with frame-ancestors and the other security headers on every response", async () => {
    for (const path of [
      '/',
      '/p/npub1xyz',
      '/assets/index-abc123.js',
      '/config.json',
      '/missing.png',
    ]) {
      const res = await get(`${server.url}${path}`)
      expect(res.headers['content-security-policy'], path).toBe(`${POLICY}; frame-ancestors 'none'`)
      expect(res.headers['x-frame-options'], path).toBe('DENY')
      expect(res.headers['referrer-policy'], path).toBe('no-referrer')
      expect(res.headers['x-content-type-options'], path).toBe('nosniff')
    }
  })

  it('refuses to start without a build', async () => {
    await expect(startAppServer({ distDir: join(dist, 'nope'), config: null })).rejects.toThrow(
      /npm run build/,
    )
  })
})

describe('the config in the page', () => {
  const preload = '<link rel="preload" href="/config.json" as="fetch" crossorigin="anonymous" />'
  const first = '<script id="plume-early-request">void 0</script>'
  const PAGE = `<!doctype html><head><meta charset="UTF-8" />\n    ${first}<title>Plume</title>\n    ${preload}</head><p>${'Compressed as pages are. '.repeat(60)}</p>`
  const navigate = { 'Sec-Fetch-Dest': 'document', 'Accept-Encoding': 'br' }
  let pageDist: string
  const servers: AppServer[] = []
  const serve = async (options: { config: typeof config | null; inlineConfig?: boolean }) => {
    const started = await startAppServer({ distDir: pageDist, ...options })
    servers.push(started)
    return started
  }
  /** The config block's JSON, and the page around it. */
  const inlined = (page: string) => {
    const block = /<script type="application\/json" id="plume-config">([^<]*)<\/script>/.exec(page)
    return { json: block ? JSON.parse(block[1] ?? '') : null, page }
  }

  beforeAll(() => {
    pageDist = mkdtempSync(join(tmpdir(), 'plume-dist-page-'))
    writeFileSync(join(pageDist, 'index.html'), PAGE)
    writeFileSync(
      join(pageDist, 'config.json'),
      '{"relays":[{"url":"wss://built.example","permission":"read"}]}',
    )
  })
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()))
    rmSync(pageDist, { recursive: true, force: true })
  })

  it("puts the config before the page's first script of a page navigated to, at every route, and drops its preload", async () => {
    const given = await serve({ config })
    for (const path of ['/', '/index.html', '/p/npub1xyz']) {
      const res = await get(`${given.url}${path}`, navigate)
      expect(res.status, path).toBe(200)
      expect(res.headers.vary, path).toBe('Sec-Fetch-Dest, Accept-Encoding')
      expect(res.headers['content-encoding'], path).toBe('br')
      const { json, page } = inlined(brotliDecompressSync(res.body).toString())
      expect(json, path).toEqual(config)
      expect(page.indexOf('id="plume-config"'), path).toBeLessThan(page.indexOf(first))
      expect(page, path).not.toContain(preload)
    }
    const built = await serve({ config: null })
    const res = await get(`${built.url}/`, { 'Sec-Fetch-Dest': 'document' })
    expect(inlined(res.body.toString()).json).toEqual({
      relays: [{ url: 'wss://built.example', permission: 'read' }],
    })
  })

  it("serves the page as built to a fetch (a service worker's copy), or where told not to put it in", async () => {
    const given = await serve({ config })
    for (const headers of [{}, { 'Sec-Fetch-Dest': 'empty' }] as Record<string, string>[]) {
      const res = await get(`${given.url}/`, headers)
      expect(res.body.toString()).toBe(PAGE)
      expect(res.headers.vary).toBe('Sec-Fetch-Dest, Accept-Encoding')
    }
    const plain = await serve({ config, inlineConfig: false })
    expect((await get(`${plain.url}/`, { 'Sec-Fetch-Dest': 'document' })).body.toString()).toBe(
      PAGE,
    )
  })

  it('keeps a config from ending its block, and leaves a page without the first script, or a config that is not JSON, as it is', () => {
    const hostile = '{"relays":[],"note":"</script><script>alert(1)</script>"}'
    const { json, page } = inlined(withInlineConfig(PAGE, hostile))
    expect(json).toEqual(JSON.parse(hostile))
    expect(page.match(/<script/g)).toHaveLength(2)
    expect(withInlineConfig(INDEX, hostile)).toBe(INDEX)
    expect(withInlineConfig(PAGE, '{"relays": [')).toBe(PAGE)
  })
})
