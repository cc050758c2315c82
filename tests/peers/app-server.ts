/**
 * The static server behind `npm start` and the browser tests: serves the built app like a careful
 * host would (compressed once in memory, immutable hashed assets, SPA fallback), plus what the demo
 * world needs from the same origin: `/config.json`, `/media/*`, NIP-05 and, for the demo, the
 * LNURL pay service behind everyone's lightning address. Every response carries the security
 * headers a host should send (README, Hosting): the build's Content Security Policy with
 * frame-ancestors 'none', X-Frame-Options, Referrer-Policy.
 */
import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { extname, join, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlib } from 'node:zlib'
import { securityHeaders } from '../../scripts/vite-csp.ts'
import { EARLY_REQUEST_ID } from '../../scripts/vite-head-start.ts'
import { INLINE_CONFIG_ID, type RuntimeConfig } from '../../src/core/platform/runtime-config.ts'

/** What the server needs from the seeded demo world (tests/peers/seed's DemoWorld has it). */
export interface AppWorld {
  nip05: Record<string, string>
  media(pathname: string): { contentType: string; body: Uint8Array } | null
}

export interface AppServerOptions {
  /** 0 or absent: any free port. */
  port?: number
  distDir: string
  /** null: serve distDir/config.json as built. */
  config: RuntimeConfig | null
  /**
   * Put the config into the page a browser navigates to (withInlineConfig); true by default.
   * False serves the page as built, which fetches the config.
   */
  inlineConfig?: boolean
  world?: AppWorld
  /** Extra routes tried first (the demo's LNURL service): true when it answered the request. */
  handle?(req: IncomingMessage, res: ServerResponse): boolean
}

export interface AppServer {
  url: string
  port: number
  close(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|wasm|xml)|image\/svg)/
const CORS = { 'Access-Control-Allow-Origin': '*' }

interface Asset {
  type: string
  etag: string
  body: Buffer
  br?: Buffer
  gzip?: Buffer
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Shared by every server in the process, keyed by path, mtime and size: compressed once. */
const assets = new Map<string, Promise<Asset>>()

/** Source maps are large and only read by devtools: cheaper brotli, compressed on first request. */
const isSourceMap = (file: string): boolean => file.endsWith('.map')

async function compressed(
  body: Buffer,
  type: string,
  quality: number,
): Promise<Pick<Asset, 'br' | 'gzip'>> {
  if (!COMPRESSIBLE.test(type) || body.length < 1024) return {}
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: quality,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ])
  // A variant that does not save bytes is not worth the header.
  return {
    ...(br.length < body.length ? { br } : {}),
    ...(gz.length < body.length ? { gzip: gz } : {}),
  }
}

async function asset(body: Buffer, type: string, quality: number): Promise<Asset> {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
  return { type, etag, body, ...(await compressed(body, type, quality)) }
}

async function buildAsset(file: string): Promise<Asset> {
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
  return asset(await readFile(file), type, isSourceMap(file) ? 5 : zlib.BROTLI_MAX_QUALITY)
}

const CONFIG_PRELOAD = /\s*<link rel="preload" href="\/config\.json"[^>]*>/
const FIRST_SCRIPT = `<script id="${EARLY_REQUEST_ID}">`

/**
 * The built page with the config put into it, as README's Hosting tells a host to: a JSON data
 * block just before the page's first script, which then sends the first note's request while the
 * page is parsed (src/ui/early-request.ts); the config's preload goes, as nothing fetches it.
 * A page without that script (a bench's), or a config that is not JSON, is left as it is.
 */
export function withInlineConfig(page: string, config: string): string {
  if (!page.includes(FIRST_SCRIPT)) return page
  let json: string
  try {
    // `<` escaped: no `</script>` in the config can end the block.
    json = JSON.stringify(JSON.parse(config)).replace(/</g, '\\u003c')
  } catch {
    return page // not JSON: the app fetches it and says what is wrong
  }
  const block = `<script type="application/json" id="${INLINE_CONFIG_ID}">${json}</script>`
  return page
    .replace(CONFIG_PRELOAD, '')
    .replace(FIRST_SCRIPT, (script) => `${block}\n    ${script}`)
}

/** The file as an asset, or null when it is not a regular file. */
async function loadAsset(file: string): Promise<Asset | null> {
  const info = await stat(file).catch(() => null)
  if (!info?.isFile()) return null
  const key = `${file}:${info.mtimeMs}:${info.size}`
  let asset = assets.get(key)
  if (!asset) {
    asset = buildAsset(file)
    assets.set(key, asset)
  }
  return asset
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (entry.isFile()) yield path
  }
}

/** The client's acceptable encodings (`br;q=0` refuses br). */
function acceptedEncodings(req: IncomingMessage): Set<string> {
  const accepted = new Set<string>()
  for (const part of (req.headers['accept-encoding'] ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name)
  }
  return accepted
}

/** A single `bytes=a-b` range within size, or null (multiple or invalid ranges are ignored). */
function byteRange(header: string | undefined, size: number): [number, number] | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/)
  if (!match || (match[1] === '' && match[2] === '')) return null
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1])
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  return start <= end && start < size ? [start, end] : null
}

interface Reply {
  type: string
  body: Uint8Array
  cache: string
  etag?: string
  br?: Uint8Array
  gzip?: Uint8Array
  headers?: Record<string, string>
}

function send(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string | number> = {
    'Content-Type': reply.type,
    'Cache-Control': reply.cache,
    ...reply.headers,
  }
  if (reply.etag) {
    headers.ETag = reply.etag
    if (req.headers['if-none-match'] === reply.etag) {
      res.writeHead(304, headers).end()
      return
    }
  }
  let body = reply.body
  let status = 200
  if (reply.br || reply.gzip) {
    headers.Vary = reply.headers?.Vary
      ? `${reply.headers.Vary}, Accept-Encoding`
      : 'Accept-Encoding'
    const accepted = acceptedEncodings(req)
    if (reply.br && accepted.has('br')) {
      body = reply.br
      headers['Content-Encoding'] = 'br'
    } else if (reply.gzip && accepted.has('gzip')) {
      body = reply.gzip
      headers['Content-Encoding'] = 'gzip'
    }
  }
  if (!headers['Content-Encoding']) {
    // Ranges only on identity bodies: what browsers ask of video.
    headers['Accept-Ranges'] = 'bytes'
    const range = byteRange(req.headers.range, body.length)
    if (range) {
      status = 206
      headers['Content-Range'] = `bytes ${range[0]}-${range[1]}/${body.length}`
      body = body.subarray(range[0], range[1] + 1)
    }
  }
  headers['Content-Length'] = body.length
  res.writeHead(status, headers)
  res.end(req.method === 'HEAD' ? undefined : body)
}

const text = (res: ServerResponse, status: number, message: string): void => {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-cache',
  })
  res.end(`${message}\n`)
}

const json = (value: unknown, headers?: Record<string, string>): Reply => ({
  type: 'application/json; charset=utf-8',
  body: Buffer.from(JSON.stringify(value)),
  cache: 'no-cache',
  ...(headers ? { headers } : {}),
})

const assetReply = (asset: Asset, cache: string): Reply => ({
  type: asset.type,
  body: asset.body,
  cache,
  etag: asset.etag,
  ...(asset.br ? { br: asset.br } : {}),
  ...(asset.gzip ? { gzip: asset.gzip } : {}),
})

export async function startAppServer(o: AppServerOptions): Promise<AppServer> {
  const root = resolve(o.distDir)
  const index = join(root, 'index.html')
  const indexAsset = await loadAsset(index)
  if (!indexAsset) throw new Error(`${index} is missing: run npm run build`)
  // On every response: a worker's or the service worker's policy is its own script's header.
  const security = securityHeaders(indexAsset.body.toString('utf8'))
  // Precompress everything before the first request, so no request pays for brotli.
  const warm: Promise<Asset | null>[] = []
  for await (const file of walk(root)) if (!isSourceMap(file)) warm.push(loadAsset(file))
  await Promise.all(warm)

  // The page with the config in it, made once for each version of the page and of the config.
  let configured: { key: string; page: Promise<Asset> } | null = null
  const configuredPage = async (app: Asset): Promise<Asset> => {
    const built = o.config ? null : await loadAsset(join(root, 'config.json'))
    const config = o.config ? JSON.stringify(o.config) : built?.body.toString('utf8')
    if (config === undefined) return app
    const key = `${app.etag}:${config}`
    if (configured?.key !== key) {
      const page = withInlineConfig(app.body.toString('utf8'), config)
      configured = { key, page: asset(Buffer.from(page), app.type, zlib.BROTLI_MAX_QUALITY) }
    }
    return configured.page
  }
  // Only a navigation gets the config in the page: a service worker's copy of index.html, which
  // it fetches, would keep a config the host may change.
  const page = async (req: IncomingMessage, app: Asset): Promise<Reply> => {
    const navigated = o.inlineConfig !== false && req.headers['sec-fetch-dest'] === 'document'
    const reply = assetReply(navigated ? await configuredPage(app) : app, 'no-cache')
    return { ...reply, headers: { Vary: 'Sec-Fetch-Dest' } }
  }

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (o.handle?.(req, res)) return
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS, 'Access-Control-Allow-Headers': '*' }).end()
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(res, 405, 'Method not allowed')
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    let pathname: string
    try {
      pathname = decodeURIComponent(url.pathname)
    } catch {
      return text(res, 400, 'Bad path')
    }

    if (pathname === '/config.json' && o.config) return send(req, res, json(o.config))
    if (pathname === '/.well-known/nostr.json') {
      if (!o.world) return text(res, 404, 'Not found')
      const name = url.searchParams.get('name')
      const entries = Object.entries(o.world.nip05).filter(([key]) => name === null || key === name)
      return send(req, res, json({ names: Object.fromEntries(entries) }, CORS))
    }
    if (pathname.startsWith('/media/')) {
      const media = o.world?.media(pathname)
      if (!media) return text(res, 404, 'Not found')
      const body = Buffer.from(media.body)
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`
      return send(req, res, {
        type: media.contentType,
        body,
        cache: 'public, max-age=86400',
        etag,
        headers: CORS,
      })
    }

    const file = resolve(root, `.${pathname.endsWith('/') ? `${pathname}index.html` : pathname}`)
    if (file !== root && !file.startsWith(root + sep)) return text(res, 404, 'Not found')
    const found = await loadAsset(file)
    if (found && file === index) return send(req, res, await page(req, found))
    if (found) {
      const cache = pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache'
      return send(req, res, assetReply(found, cache))
    }
    // Client-side routes (no extension) get the app; a missing file stays a 404.
    if (extname(pathname) === '') {
      const app = await loadAsset(index)
      if (app) return send(req, res, await page(req, app))
    }
    text(res, 404, 'Not found')
  }

  const server = createServer((req, res) => {
    for (const [name, value] of Object.entries(security)) res.setHeader(name, value)
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) text(res, 500, error instanceof Error ? error.message : 'Server error')
      else res.destroy()
    })
  })
  await new Promise<void>((done, fail) => {
    server.once('error', fail)
    server.listen(o.port ?? 0, '127.0.0.1', () => {
      server.off('error', fail)
      done()
    })
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      }),
  }
}
