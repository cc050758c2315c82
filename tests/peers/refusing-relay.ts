/**
 * A relay that takes no writes: a thin WebSocket proxy in front of a real relay (tests/peers/
 * relay.ts) that answers every EVENT itself with OK false, so the event never reaches the relay,
 * and passes every other frame both ways untouched. Unlike `refuseWrites` in faults.ts (which
 * only changes the answer, so the relay still stores the event), what was refused stays unknown to
 * the relay: a replaceable event refused is not there to be read back.
 *
 * NIP-11 is answered with the relay's own document. A test reads what the relay holds from the
 * relay's own handle, and gives the app the proxy's address: `{ ...relay, url: proxy.url }`.
 */
import { createServer, type Server } from 'node:http'
import { WebSocket, WebSocketServer } from 'ws'
import type { RelayHandle } from './relay.ts'

export const REFUSAL = 'blocked: this relay takes no events'

export interface RefusingRelay {
  url: string
  port: number
  /** EVENTs refused since the start. */
  refused(): number
  close(): Promise<void>
}

/** Listens on `port` (0: any free one) in front of `relay`. */
export async function startRefusingRelay(
  relay: Pick<RelayHandle, 'url' | 'port'>,
  { port = 0, reason = REFUSAL }: { port?: number; reason?: string } = {},
): Promise<RefusingRelay> {
  let refused = 0
  const clients = new Set<WebSocket>()

  const server: Server = createServer(async (req, res) => {
    // NIP-11 and anything else over HTTP: the relay's answer.
    try {
      const answer = await fetch(`http://127.0.0.1:${relay.port}${req.url ?? '/'}`, {
        method: req.method,
        headers: { accept: req.headers.accept ?? '*/*' },
      })
      res.writeHead(answer.status, Object.fromEntries(answer.headers))
      res.end(Buffer.from(await answer.arrayBuffer()))
    } catch {
      res.writeHead(502).end()
    }
  })
  const wss = new WebSocketServer({ server })
  wss.on('error', () => {})
  wss.on('connection', (client) => {
    clients.add(client)
    const upstream = new WebSocket(relay.url)
    const waiting: string[] = []
    upstream.on('open', () => {
      for (const text of waiting.splice(0)) upstream.send(text)
    })
    upstream.on('message', (data) => {
      if (client.readyState === WebSocket.OPEN) client.send(data.toString())
    })
    client.on('message', (data) => {
      const text = data.toString()
      const frame = parse(text)
      if (frame?.[0] === 'EVENT') {
        refused++
        const id = (frame[1] as { id?: unknown } | undefined)?.id
        client.send(JSON.stringify(['OK', typeof id === 'string' ? id : '', false, reason]))
        return
      }
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text)
      else waiting.push(text)
    })
    const closeBoth = () => {
      clients.delete(client)
      client.terminate()
      upstream.terminate()
    }
    client.on('close', closeBoth)
    client.on('error', closeBoth)
    upstream.on('close', closeBoth)
    upstream.on('error', closeBoth)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const listening = address && typeof address === 'object' ? address.port : port

  const close = async () => {
    for (const client of clients) client.terminate()
    await new Promise<void>((resolve) => wss.close(() => resolve()))
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  return { url: `ws://127.0.0.1:${listening}`, port: listening, refused: () => refused, close }
}

function parse(text: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) ? value : null
  } catch {
    return null
  }
}

/**
 * A relay on any free port and, on `worldPort` (where the seeded world's relay lists point), a
 * proxy in front of it that refuses every event: once logged in, the app writes only there.
 * The proxy is closed once `use` is done.
 */
export async function behindRefusal<T>(
  launchRelay: (options: { port: number }) => Promise<RelayHandle>,
  worldPort: number,
  use: (relay: RelayHandle, proxy: RefusingRelay) => Promise<T>,
): Promise<T> {
  const relay = await launchRelay({ port: 0 })
  const proxy = await startRefusingRelay(relay, { port: worldPort })
  try {
    return await use(relay, proxy)
  } finally {
    await proxy.close()
  }
}
