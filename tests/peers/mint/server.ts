/**
 * A Cashu test mint on 127.0.0.1: HTTP (node:http) for NUT-01..09 and the NUT-17 websocket at
 * /v1/ws (`ws`), over a fake Lightning backend. Errors answer 400 `{ detail, code }` like real
 * mints. Open to any origin (CORS), since the app under test calls it from the browser.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRandomSecretKey, getPubKeyFromPrivKey } from '@cashu/cashu-ts'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import { WebSocketServer } from 'ws'
import { type FakeLightning, fakeLightning } from '../fake-lightning.ts'
import { freePort } from '../free-port.ts'
import { leaveIdleSocketsToClient } from '../idle-sockets.ts'
import { MintError } from './errors.ts'
import { mintInfo } from './info.ts'
import { createKeyset, type KeysetSpec, keysetInfo, keysetKeys } from './keysets.ts'
import { Ledger } from './ledger.ts'
import { lightningBackend } from './lightning.ts'
import { Quotes } from './quotes.ts'
import type { WireOutput, WireProof } from './signing.ts'
import { readMintState, writeMintState } from './state-file.ts'
import { serveSocket } from './websocket.ts'

export interface MintOptions {
  /** 0 or absent: a free port. */
  port?: number
  name?: string
  /** Keysets, oldest first; default one active sat keyset (id version 01, no fee). */
  keysets?: KeysetSpec[]
  /** Lightning ledger; default the process-wide one other peers share. */
  lightning?: FakeLightning
  /** Advertise and serve NUT-17 (default true). */
  websocket?: boolean
  /**
   * A folder to keep the mint in (the demo's data/): the default keyset's seed and the books are
   * read from it at start and written after every change. Absent: a fresh mint in memory.
   */
  dataDir?: string
}

export interface MintHandle {
  url: string
  port: number
  ledger: Ledger
  quotes: Quotes
  /** Pays a mint quote's invoice on the fake ledger, as the depositor's wallet would. */
  payMintQuote(quoteId: string): void
  stop(): Promise<void>
}

type Json = Record<string, unknown>

/** Amounts arrive as numbers (or decimal strings from some encoders); the books use numbers. */
const outputsOf = (list: unknown): WireOutput[] =>
  Array.isArray(list)
    ? list.map((o: Json) => ({ ...o, amount: Number(o.amount) }) as WireOutput)
    : []
const proofsOf = (list: unknown): WireProof[] =>
  Array.isArray(list)
    ? list.map((p: Json) => ({ ...p, amount: Number(p.amount) }) as WireProof)
    : []

async function readJson(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  if (!text) return {}
  try {
    return JSON.parse(text) as Json
  } catch {
    throw new MintError(0, 'invalid JSON body')
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
  })
  res.end(JSON.stringify(body))
}

export async function startMint(options: MintOptions = {}): Promise<MintHandle> {
  const { dataDir } = options
  const saved = dataDir ? readMintState(dataDir) : null
  const seed = saved ? hexToBytes(saved.seed) : dataDir ? randomBytes(32) : undefined
  const keysets = (options.keysets ?? [{ seed }]).map(createKeyset)
  const ledger = new Ledger(keysets)
  const lightning = lightningBackend(options.lightning ?? fakeLightning)
  const quotes = new Quotes(ledger, lightning)
  if (saved) {
    ledger.load(saved.ledger)
    quotes.load(saved.quotes)
  }
  const save = () => {
    if (dataDir && seed) {
      writeMintState(dataDir, {
        version: 1,
        seed: bytesToHex(seed),
        ledger: ledger.books(),
        quotes: quotes.books(),
      })
    }
  }
  save()
  // A quote turns PAID when its invoice is paid, outside any request to the mint.
  quotes.onMintQuote(save)
  const pubkey = bytesToHex(getPubKeyFromPrivKey(createRandomSecretKey()))
  const info = () =>
    mintInfo(
      {
        name: options.name,
        units: [...new Set(keysets.map((k) => k.unit))],
        websocket: options.websocket,
      },
      pubkey,
    )

  const routes: Array<[string, RegExp, (m: RegExpMatchArray, body: Json) => unknown]> = [
    ['GET', /^\/v1\/info$/, () => info()],
    ['GET', /^\/v1\/keysets$/, () => ({ keysets: keysets.map(keysetInfo) })],
    ['GET', /^\/v1\/keys$/, () => ({ keysets: keysets.filter((k) => k.active).map(keysetKeys) })],
    ['GET', /^\/v1\/keys\/([^/]+)$/, (m) => ({ keysets: [keysetKeys(ledger.keyset(m[1] ?? ''))] })],
    [
      'POST',
      /^\/v1\/swap$/,
      (_, b) => ({ signatures: ledger.swap(proofsOf(b.inputs), outputsOf(b.outputs)) }),
    ],
    ['POST', /^\/v1\/mint\/quote\/bolt11$/, (_, b) => quotes.createMintQuote(b)],
    ['GET', /^\/v1\/mint\/quote\/bolt11\/([^/]+)$/, (m) => quotes.mintQuote(m[1] ?? '')],
    [
      'POST',
      /^\/v1\/mint\/bolt11$/,
      (_, b) => ({ signatures: quotes.mint({ ...b, outputs: outputsOf(b.outputs) }) }),
    ],
    ['POST', /^\/v1\/melt\/quote\/bolt11$/, (_, b) => quotes.createMeltQuote(b)],
    ['GET', /^\/v1\/melt\/quote\/bolt11\/([^/]+)$/, (m) => quotes.meltQuote(m[1] ?? '')],
    [
      'POST',
      /^\/v1\/melt\/bolt11$/,
      (_, b) =>
        quotes.melt({ quote: b.quote, inputs: proofsOf(b.inputs), outputs: outputsOf(b.outputs) }),
    ],
    [
      'POST',
      /^\/v1\/checkstate$/,
      (_, b) => ({
        states: (Array.isArray(b.Ys) ? b.Ys : []).map((Y) => ledger.state(String(Y))),
      }),
    ],
    ['POST', /^\/v1\/restore$/, (_, b) => ledger.restore(outputsOf(b.outputs))],
  ]

  const server = createServer(async (req, res) => {
    if (req.method === 'OPTIONS') return send(res, 204, '')
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    // Every POST may change the books, failing ones too (a melt that could not pay).
    if (req.method === 'POST') res.once('finish', save)
    try {
      for (const [method, pattern, handle] of routes) {
        const match = path.match(pattern)
        if (match && method === req.method) {
          const body = method === 'POST' ? await readJson(req) : {}
          return send(res, 200, handle(match, body))
        }
      }
      send(res, 404, { detail: 'not found' })
    } catch (error) {
      if (error instanceof MintError)
        return send(res, 400, { detail: error.detail, code: error.code })
      send(res, 500, { detail: (error as Error).message })
    }
  })

  leaveIdleSocketsToClient(server)

  const wss = new WebSocketServer({ noServer: true })
  server.on('upgrade', (req, socket, head) => {
    if (options.websocket === false || req.url !== '/v1/ws') return socket.destroy()
    wss.handleUpgrade(req, socket, head, (ws) => serveSocket(ws, ledger, quotes))
  })

  const port = options.port || (await freePort())
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })

  const url = `http://127.0.0.1:${port}`
  return {
    url,
    port,
    ledger,
    quotes,
    payMintQuote: (quoteId) => {
      lightning.pay(quotes.mintQuote(quoteId).request)
    },
    stop: async () => {
      for (const client of wss.clients) client.terminate()
      wss.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
