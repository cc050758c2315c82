/**
 * A real Nostr relay on 127.0.0.1 for tests, benchmarks and the local demo: @nostr-relay/core
 * (ids and signatures checked, REQ/EOSE/OK/CLOSED, replaceable events) over `ws`, with our
 * in-memory repository, optional append-only persistence, NIP-11 over HTTP and faults (faults.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import {
  type Client,
  type Filter,
  LogLevel,
  type IncomingMessage as NostrMessage,
} from '@nostr-relay/common'
import { NostrRelay } from '@nostr-relay/core'
import { Validator } from '@nostr-relay/validator'
import type { NostrEvent } from 'nostr-tools/pure'
import { type WebSocket, WebSocketServer } from 'ws'
import { type EventLog, openEventLog } from './event-log.ts'
import { faultySend, type RelayFaults } from './faults.ts'
import { MemoryEventRepository, matchFilters } from './memory-repository.ts'

export type { RelayFaults } from './faults.ts'

export interface RelayOptions {
  /** 0 or absent: any free port (kept across stop/start). */
  port?: number
  name?: string
  /** Append-only JSONL file: replayed on start, every accepted event appended. */
  persistFile?: string
  /** Already-signed events stored without verification (duplicates are ignored). */
  seed?: NostrEvent[]
  faults?: RelayFaults
  /** Extra NIP-11 fields, merged over the defaults. */
  info?: Record<string, unknown>
  /** Subscriptions per connection before the oldest is closed (the library's default: 20). */
  maxSubscriptions?: number
  /**
   * NIP-42: send an AUTH challenge on connect and refuse REQs (`read`, with CLOSED) and/or EVENTs
   * (`write`, with OK false), reason 'auth-required: …', until the client has authenticated.
   */
  auth?: { read?: boolean; write?: boolean }
  /**
   * Kind 5 requests are stored and served, and the events they name kept: a relay without NIP-09
   * (memory-repository.ts).
   */
  keepDeleted?: boolean
}

export interface RelayStats {
  /** REQ messages received since the last start. */
  reqs: number
  /** EVENT messages received since the last start. */
  events: number
  /** WebSocket connections accepted since the last start. */
  connections: number
  /** WebSocket connections open now. */
  open: number
  /** NIP-42 AUTH messages accepted since the last start. */
  auths: number
}

export interface RelayHandle {
  url: string
  port: number
  /** Drops every socket without a close handshake (clients see 1006, like a crash). */
  stop(): Promise<void>
  /** Listens again on the same port with the same data. */
  start(): Promise<void>
  /** Stores a signed event through the relay's validation and delivers it to subscriptions. */
  publish(event: NostrEvent): Promise<void>
  /** Every stored event, newest first. */
  events(): NostrEvent[]
  stats(): RelayStats
  /** Replaces the outgoing faults (undefined: none) for every connection, open or future. */
  setFaults(faults: RelayFaults | undefined): void
  /** Stops for good. */
  close(): Promise<void>
}

const require = createRequire(import.meta.url)
const LIBRARY_VERSION = (require('@nostr-relay/core/package.json') as { version: string }).version
const DEFAULT_MAX_SUBSCRIPTIONS = 20
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Accept',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
}

/** NIP-11 document: the limits are the library's defaults, which this relay really enforces. */
function relayInfo(options: RelayOptions): Record<string, unknown> {
  return {
    name: options.name ?? 'Plume local relay',
    description: 'A local @nostr-relay/core relay for Plume tests and the demo.',
    supported_nips: [
      1,
      ...(options.keepDeleted ? [] : [9]),
      11,
      40,
      ...(options.auth ? [42] : []),
      50,
    ],
    software: 'https://github.com/CodyTseng/nostr-relay',
    version: LIBRARY_VERSION,
    limitation: {
      max_subscriptions: options.maxSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS,
      max_limit: 1000,
      default_limit: 100,
      max_subid_length: 128,
      max_event_tags: 2000,
      max_content_length: 102400,
      auth_required: Boolean(options.auth),
      payment_required: false,
      restricted_writes: false,
    },
    ...options.info,
  }
}

function answerHttp(
  info: Record<string, unknown>,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, CORS).end()
    return
  }
  if (req.headers.accept?.includes('application/nostr+json')) {
    res.writeHead(200, { ...CORS, 'Content-Type': 'application/nostr+json' })
    res.end(JSON.stringify(info))
    return
  }
  res.writeHead(200, { ...CORS, 'Content-Type': 'text/plain; charset=utf-8' })
  res.end('This is a Nostr relay: connect with a WebSocket client.\n')
}

const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : 'error: unknown'

export async function startRelay(options: RelayOptions = {}): Promise<RelayHandle> {
  const repository = new MemoryEventRepository({ keepDeleted: options.keepDeleted ?? false })
  const log: EventLog | undefined = options.persistFile
    ? openEventLog(options.persistFile)
    : undefined
  if (log) {
    const loaded = log.load()
    for (const event of loaded.events) repository.ingest(event)
    if (loaded.dropped > 0)
      console.warn(`relay: ${loaded.dropped} unreadable line(s) in ${log.path}`)
  }
  if (options.seed) {
    const stored = options.seed.filter((event) => repository.ingest(event))
    log?.append(stored)
  }

  const relay = new NostrRelay(repository, {
    // Both caches would answer identical REQs/EVENTs from memory: stale results in tests.
    filterResultCacheTtl: 0,
    eventHandlingResultCacheTtl: 0,
    maxSubscriptionsPerClient: options.maxSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS,
    logLevel: LogLevel.ERROR,
    // The library's NIP-42 (challenge on connect, AUTH checked against this host) is on with a host.
    ...(options.auth ? { hostname: '127.0.0.1' } : {}),
  })
  repository.onAccept = (event) => {
    log?.append([event])
    // The library stores deletion requests without telling subscribers: tell them.
    if (event.kind === 5) void relay.broadcast(event)
  }

  const validator = new Validator()
  const info = relayInfo(options)
  const maxSubscriptions = options.maxSubscriptions ?? DEFAULT_MAX_SUBSCRIPTIONS
  let faults = options.faults
  let port = options.port ?? 0
  let server: Server | null = null
  let closed = false
  let stats = { reqs: 0, events: 0, connections: 0, auths: 0 }
  const sockets = new Set<WebSocket>()

  const attach = (ws: WebSocket, ip: string | undefined): void => {
    stats.connections++
    sockets.add(ws)
    // Our own record of the client's subscriptions: the library's live delivery ignores tag
    // filters (#e, #p...), so frames a subscription would not match are dropped here.
    const subscriptions = new Map<string, Filter[]>()
    const send = faultySend(
      () => faults,
      (text) => {
        if (ws.readyState === ws.OPEN) ws.send(text)
      },
    )
    const client: Client = {
      get readyState() {
        return ws.readyState
      },
      send(text: string) {
        if (text.startsWith('["EVENT"')) {
          const [, subId, event] = JSON.parse(text) as [string, string, NostrEvent]
          const filters = subscriptions.get(subId)
          if (filters && !matchFilters(filters, event)) return
        }
        send(text)
      },
    }
    const reply = (frame: unknown[]): void => client.send(JSON.stringify(frame))
    const sendRaw = (text: string): boolean => {
      if (ws.readyState !== ws.OPEN) return false
      ws.send(text)
      return true
    }
    // ws answers a client's close frame with ws.close(): a slow relay answers it late.
    const close = ws.close.bind(ws)
    ws.close = (code, reason) => {
      const delay = faults?.closeDelayMs ?? 0
      if (delay > 0) setTimeout(() => close(code, reason), delay)
      else close(code, reason)
    }

    const track = (message: NostrMessage): void => {
      if (message[0] === 'CLOSE') subscriptions.delete(message[1])
      if (message[0] !== 'REQ') return
      const [, subId, ...filters] = message
      subscriptions.delete(subId)
      if (subscriptions.size >= maxSubscriptions) {
        // The library evicts its oldest subscription silently; say so, as a real relay would.
        const oldest = subscriptions.keys().next().value
        if (oldest !== undefined) {
          subscriptions.delete(oldest)
          reply(['CLOSED', oldest, 'error: too many subscriptions, closed the oldest'])
        }
      }
      subscriptions.set(subId, filters)
    }

    const handle = async (data: string): Promise<void> => {
      let raw: unknown
      try {
        raw = JSON.parse(data)
      } catch {
        return reply(['NOTICE', 'invalid: message is not JSON'])
      }
      const [type, first] = Array.isArray(raw) ? (raw as unknown[]) : []
      if (type === 'REQ') stats.reqs++
      if (type === 'EVENT') stats.events++
      let message: NostrMessage
      try {
        message = await validator.validateIncomingMessage(raw as object)
      } catch (error) {
        // Answer in the frame the client waits for, so it does not hang on a bad message.
        const id = (first as { id?: unknown } | undefined)?.id
        if (type === 'EVENT' && typeof id === 'string')
          return reply(['OK', id, false, errorText(error)])
        if (type === 'REQ' && typeof first === 'string')
          return reply(['CLOSED', first, errorText(error)])
        return reply(['NOTICE', errorText(error)])
      }
      const refusal = 'auth-required: this relay serves authenticated clients only'
      if (message[0] === 'REQ' && options.auth?.read && !relay.isAuthorized(client))
        return reply(['CLOSED', message[1], refusal])
      if (message[0] === 'EVENT' && options.auth?.write && !relay.isAuthorized(client))
        return reply(['OK', message[1].id, false, refusal])
      if (message[0] === 'EVENT' && faults?.refuseEvents !== undefined)
        return reply(['OK', message[1].id, false, faults.refuseEvents])
      track(message)
      try {
        const result = await relay.handleMessage(client, message)
        if (result?.messageType === 'AUTH' && result.success) stats.auths++
      } catch (error) {
        reply(['NOTICE', `error: ${errorText(error)}`])
      }
      if (message[0] === 'REQ') faults?.onReq?.(message[1], message.slice(2) as never, sendRaw)
    }

    relay.handleConnection(client, ip)
    faults?.onOpen?.(sendRaw)
    // One message at a time per connection, in arrival order (an EVENT then a REQ sees the event).
    let queue = Promise.resolve()
    ws.on('message', (data) => {
      const text = data.toString()
      queue = queue.then(() => handle(text)).catch(() => {})
    })
    ws.on('close', () => {
      sockets.delete(ws)
      relay.handleDisconnect(client)
    })
    ws.on('error', () => ws.terminate())
  }

  const start = async (): Promise<void> => {
    if (closed) throw new Error('relay: start() after close()')
    if (server) return
    stats = { reqs: 0, events: 0, connections: 0, auths: 0 }
    const http = createServer((req, res) => answerHttp(info, req, res))
    const wss = new WebSocketServer({
      server: http,
      verifyClient: (_info, accept) => {
        const delay = faults?.openDelayMs ?? 0
        if (delay > 0) setTimeout(() => accept(true), delay)
        else accept(true)
      },
    })
    wss.on('connection', (ws, req) => attach(ws, req.socket.remoteAddress))
    // ws re-emits the http server's errors; listen() below reports them.
    wss.on('error', () => {})
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject)
      http.listen(port, '127.0.0.1', () => {
        http.off('error', reject)
        resolve()
      })
    })
    const address = http.address()
    if (address && typeof address === 'object') port = address.port
    server = http
    stopSockets = async () => {
      for (const ws of wss.clients) ws.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    }
  }
  let stopSockets = async (): Promise<void> => {}

  const stop = async (): Promise<void> => {
    const http = server
    if (!http) return
    server = null
    await stopSockets()
    http.closeAllConnections()
    await new Promise<void>((resolve) => http.close(() => resolve()))
  }

  try {
    await start()
  } catch (error) {
    log?.close()
    throw error
  }
  const handle: RelayHandle = {
    url: `ws://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async publish(event) {
      const result = await relay.handleEvent(event)
      if (!result.success) throw new Error(`relay refused ${event.id}: ${result.message ?? ''}`)
    },
    events: () => repository.all(),
    stats: () => ({ ...stats, open: sockets.size }),
    setFaults(next) {
      faults = next
    },
    async close() {
      await stop()
      closed = true
      await relay.destroy()
      log?.close()
    },
  }
  return handle
}
