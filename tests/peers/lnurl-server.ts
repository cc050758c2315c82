/**
 * A LUD-16 + NIP-57 lightning address server for tests and the demo, over http on 127.0.0.1
 * (spec decisions: loopback LNURL servers may use http):
 *
 * - `GET /.well-known/lnurlp/{name}`: pay parameters with allowsNostr and nostrPubkey;
 * - `GET /lnurlp/callback/{name}?amount&nostr&lnurl[&comment]`: checks the amount against the
 *   bounds and the zap request per NIP-57 appendix D, and answers `{pr}`, a regtest invoice of the
 *   shared fake ledger whose description hash is the sha256 of the zap request;
 * - once the ledger reports the invoice paid (the NWC test wallet paid it, or a test called
 *   `markPaid`), the kind 9735 receipt, signed with the server's key, goes to the request's relays.
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { finalizeEvent, getPublicKey, type NostrEvent, verifyEvent } from 'nostr-tools/pure'
import WebSocket from 'ws'
import { type FakeLightning, fakeLightning, type PaidInvoice } from './fake-lightning.ts'

export interface LnurlServerOptions {
  /** Names served; any name when absent. */
  names?: readonly string[]
  /** The key that signs receipts (its pubkey is the nostrPubkey). */
  nostrSecretKey: Uint8Array
  minSendable?: number
  maxSendable?: number
  commentAllowed?: number
  allowsNostr?: boolean
  ledger?: FakeLightning
  port?: number
}

export interface LnurlServer {
  url: string
  port: number
  nostrPubkey: string
  /** `name@127.0.0.1:port`. */
  address(name: string): string
  /** Pays an invoice this server issued, as an outside wallet would; returns the preimage. */
  markPaid(invoice: string): string
  /** Receipts published so far (after their relays answered). */
  receipts(): NostrEvent[]
  close(): Promise<void>
}

const CORS = { 'Access-Control-Allow-Origin': '*' }

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    ...CORS,
  })
  res.end(JSON.stringify(body))
}
const refuse = (res: ServerResponse, reason: string) => json(res, 400, { status: 'ERROR', reason })

const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex')

/** Why a zap request fails NIP-57 appendix D, or null. */
function zapRequestProblem(request: NostrEvent, amountMsat: number): string | null {
  if (request.kind !== 9734 || !verifyEvent(request)) return 'Invalid zap request signature'
  const tags = (name: string) => request.tags.filter((tag) => tag[0] === name)
  if (tags('p').length !== 1) return 'Zap request must have one p tag'
  if (tags('e').length > 1) return 'Zap request must have at most one e tag'
  if ((tags('relays')[0]?.length ?? 0) < 2) return 'Zap request has no relays'
  const amount = tags('amount')[0]?.[1]
  if (amount !== undefined && Number(amount) !== amountMsat) return 'Amount does not match'
  return null
}

/** Sends an event to a relay and waits for its OK (or gives up after 5 s). */
function publishTo(relay: string, event: NostrEvent): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(relay)
    const done = (ok: boolean) => {
      clearTimeout(timer)
      socket.close()
      resolve(ok)
    }
    const timer = setTimeout(() => done(false), 5000)
    socket.on('open', () => socket.send(JSON.stringify(['EVENT', event])))
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as unknown[]
      if (message[0] === 'OK' && message[1] === event.id) done(message[2] === true)
    })
    socket.on('error', () => done(false))
  })
}

/**
 * The LNURL routes as a request handler, for a server of its own (startLnurlServer) or mounted on
 * another one (the demo's app server, say): `handle` answers the two LNURL paths and returns
 * false for any other request. Callback URLs name the host the request came to.
 */
export interface LnurlService {
  nostrPubkey: string
  handle(req: IncomingMessage, res: ServerResponse): boolean
  markPaid(invoice: string): string
  receipts(): NostrEvent[]
  /** Stops listening to the ledger. */
  close(): void
}

const LNURL_PATH = /^\/(\.well-known\/lnurlp|lnurlp\/callback)\/[^/]+$/

export function createLnurlService(options: LnurlServerOptions): LnurlService {
  const ledger = options.ledger ?? fakeLightning
  const nostrPubkey = getPublicKey(options.nostrSecretKey)
  const minSendable = options.minSendable ?? 1000
  const maxSendable = options.maxSendable ?? 100_000_000
  /** Zap requests by the invoice they were paid with. */
  const pending = new Map<string, { request: NostrEvent; description: string }>()
  const published: NostrEvent[] = []

  const served = (name: string) => !options.names || options.names.includes(name)

  const route = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...CORS, 'Access-Control-Allow-Headers': '*' }).end()
      return
    }
    const base = `http://${req.headers.host ?? '127.0.0.1'}`
    const url = new URL(req.url ?? '/', base)
    const wellKnown = /^\/\.well-known\/lnurlp\/([^/]+)$/.exec(url.pathname)
    if (wellKnown) {
      const name = decodeURIComponent(wellKnown[1]!)
      if (!served(name)) return json(res, 404, { status: 'ERROR', reason: 'Unknown user' })
      return json(res, 200, {
        tag: 'payRequest',
        callback: `${base}/lnurlp/callback/${encodeURIComponent(name)}`,
        minSendable,
        maxSendable,
        metadata: JSON.stringify([
          ['text/plain', `Zap ${name}`],
          ['text/identifier', `${name}@${url.host}`],
        ]),
        commentAllowed: options.commentAllowed ?? 0,
        allowsNostr: options.allowsNostr ?? true,
        nostrPubkey,
      })
    }
    const callback = /^\/lnurlp\/callback\/([^/]+)$/.exec(url.pathname)
    if (!callback) return json(res, 404, { status: 'ERROR', reason: 'Not found' })
    if (req.method !== 'GET') return json(res, 405, { status: 'ERROR', reason: 'GET only' })
    if (!served(decodeURIComponent(callback[1]!))) return refuse(res, 'Unknown user')
    const amount = Number(url.searchParams.get('amount'))
    if (!Number.isSafeInteger(amount) || amount < minSendable || amount > maxSendable) {
      return refuse(res, 'Amount out of bounds')
    }
    const description = url.searchParams.get('nostr')
    if (!description) return refuse(res, 'This server only takes zaps')
    let request: NostrEvent
    try {
      request = JSON.parse(description) as NostrEvent
    } catch {
      return refuse(res, 'Invalid zap request')
    }
    const problem = zapRequestProblem(request, amount)
    if (problem) return refuse(res, problem)
    const pr = ledger.create(amount, sha256Hex(description))
    pending.set(pr, { request, description })
    json(res, 200, { pr, routes: [] })
  }

  const onPaid = async (paid: PaidInvoice) => {
    const zap = pending.get(paid.invoice)
    if (!zap) return
    pending.delete(paid.invoice)
    const { request, description } = zap
    const copied = request.tags.filter((tag) => tag[0] === 'p' || tag[0] === 'e' || tag[0] === 'a')
    const receipt = finalizeEvent(
      {
        kind: 9735,
        created_at: paid.paidAt,
        tags: [
          ...copied,
          ['P', request.pubkey],
          ['bolt11', paid.invoice],
          ['description', description],
          ['preimage', paid.preimage],
        ],
        content: '',
      },
      options.nostrSecretKey,
    )
    const relays = request.tags.find((tag) => tag[0] === 'relays')?.slice(1) ?? []
    const answers = await Promise.all(relays.map((relay) => publishTo(relay, receipt)))
    if (answers.some(Boolean)) published.push(receipt)
  }
  const stopListening = ledger.onPaid((paid) => void onPaid(paid))

  return {
    nostrPubkey,
    handle: (req, res) => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
      if (!LNURL_PATH.test(path)) return false
      route(req, res)
      return true
    },
    markPaid: (invoice) => ledger.pay(invoice),
    receipts: () => [...published],
    close: () => {
      stopListening()
    },
  }
}

export async function startLnurlServer(options: LnurlServerOptions): Promise<LnurlServer> {
  const service = createLnurlService(options)
  const server = createServer((req, res) => {
    if (!service.handle(req, res)) json(res, 404, { status: 'ERROR', reason: 'Not found' })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    nostrPubkey: service.nostrPubkey,
    address: (name) => `${name}@127.0.0.1:${port}`,
    markPaid: service.markPaid,
    receipts: service.receipts,
    close: () =>
      new Promise<void>((resolve) => {
        service.close()
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
