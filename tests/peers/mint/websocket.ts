/**
 * NUT-17: JSON-RPC subscriptions over a websocket at /v1/ws. A subscription first gets the
 * current state of each filtered object, then every change, until unsubscribed or closed.
 */
import type { WebSocket } from 'ws'
import type { Ledger, ProofStateEntry } from './ledger.ts'
import type { MeltQuote, MintQuote, Quotes } from './quotes.ts'

type Kind = 'bolt11_mint_quote' | 'bolt11_melt_quote' | 'proof_state'
const KINDS: Kind[] = ['bolt11_mint_quote', 'bolt11_melt_quote', 'proof_state']

interface Subscription {
  kind: Kind
  filters: Set<string>
}

interface Request {
  id?: unknown
  method?: unknown
  params?: { kind?: unknown; subId?: unknown; filters?: unknown }
}

/** Serves one socket until it closes. */
export function serveSocket(socket: WebSocket, ledger: Ledger, quotes: Quotes): void {
  const subs = new Map<string, Subscription>()
  const send = (message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
  }
  const notify = (kind: Kind, key: string, payload: unknown) => {
    for (const [subId, sub] of subs) {
      if (sub.kind === kind && sub.filters.has(key)) {
        send({ jsonrpc: '2.0', method: 'subscribe', params: { subId, payload } })
      }
    }
  }
  const current = (kind: Kind, key: string): unknown => {
    try {
      if (kind === 'bolt11_mint_quote') return quotes.mintQuote(key)
      if (kind === 'bolt11_melt_quote') return quotes.meltQuote(key)
      return ledger.state(key)
    } catch {
      return undefined
    }
  }
  const error = (id: unknown, code: number, message: string) =>
    send({ jsonrpc: '2.0', error: { code, message }, id })

  socket.on('message', (data) => {
    let request: Request
    try {
      request = JSON.parse(data.toString()) as Request
    } catch {
      return error(null, -32700, 'Parse error')
    }
    const subId = request.params?.subId
    if (typeof subId !== 'string') return error(request.id, -32602, 'Invalid params')
    if (request.method === 'unsubscribe') {
      subs.delete(subId)
      return send({ jsonrpc: '2.0', result: { status: 'OK', subId }, id: request.id })
    }
    if (request.method !== 'subscribe') return error(request.id, -32601, 'Method not found')
    const kind = request.params?.kind as Kind
    const filters = request.params?.filters
    if (!KINDS.includes(kind) || !Array.isArray(filters)) {
      return error(request.id, -32602, 'Invalid params')
    }
    subs.set(subId, { kind, filters: new Set(filters.map(String)) })
    send({ jsonrpc: '2.0', result: { status: 'OK', subId }, id: request.id })
    for (const key of filters.map(String)) {
      const payload = current(kind, key)
      if (payload !== undefined) {
        send({ jsonrpc: '2.0', method: 'subscribe', params: { subId, payload } })
      }
    }
  })

  const offs = [
    quotes.onMintQuote((q: MintQuote) => notify('bolt11_mint_quote', q.quote, q)),
    quotes.onMeltQuote((q: MeltQuote) => notify('bolt11_melt_quote', q.quote, q)),
    ledger.onProofState((s: ProofStateEntry) => notify('proof_state', s.Y, s)),
  ]
  socket.on('close', () => {
    for (const off of offs) off()
    subs.clear()
  })
}
