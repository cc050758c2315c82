/**
 * Faults for a mint's transport: an HTTP proxy on 127.0.0.1 in front of a real test mint
 * (tests/peers/mint/server.ts). Unfaulted requests and the NUT-17 websocket pass through to the
 * mint untouched; a faulted path gets its fault instead and never reaches the mint, so the mint's
 * books show that nothing happened, except the 'after-*' faults: those forward the request, let
 * the mint act on it (swap, melt, mint, checkstate, restore), then lose or replace its answer.
 * Faults may change during a test, as in tests/peers/faults.ts.
 */
import { createServer, request, type ServerResponse } from 'node:http'
import { connect, type Socket } from 'node:net'
import { freePort } from '../free-port.ts'
import { leaveIdleSocketsToClient } from '../idle-sockets.ts'

export type MintFault =
  /** 200 with a body that is not JSON (cashu-ts: 'bad response'). */
  | { kind: 'garbage' }
  /** A plain-text error page, e.g. a proxy's 500. */
  | { kind: 'text'; status: number; body: string }
  /** A JSON answer, e.g. 400 { code, detail } or a 502 {} with no text at all. */
  | { kind: 'json'; status: number; body: unknown }
  /** Accept the request and never answer. */
  | { kind: 'hang' }
  /** Close the connection without an answer (a network failure for the client). */
  | { kind: 'drop' }
  /** The mint acts on the request, then the connection closes before its answer arrives. */
  | { kind: 'after-drop' }
  /** The mint acts on the request, then its answer never arrives (the connection stays open). */
  | { kind: 'after-hang' }
  /** The mint acts on the request, then the client gets `status` and `body` instead of its answer. */
  | { kind: 'after-json'; status: number; body: unknown }

export interface FaultyMint {
  url: string
  /**
   * From now on, requests whose path (no query) matches get `fault` instead of the mint's answer
   * (an 'after-*' fault once the mint has acted on them); the first `times` of them only, if given.
   */
  fail(path: string | RegExp, fault: MintFault, times?: number): void
  /**
   * Refuse NUT-17 websocket upgrades (the socket is closed before the handshake); sockets already
   * open are cut, so the client has to connect again.
   */
  refuseWebSocket(refuse?: boolean): void
  /** How many requests with a matching path the proxy has seen (faulted or not). */
  hits(path: string | RegExp): number
  /** No faults: everything passes through again. */
  clear(): void
  stop(): Promise<void>
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
}

const matches = (pattern: string | RegExp, path: string) =>
  typeof pattern === 'string' ? pattern === path : pattern.test(path)

type AfterFault = Extract<MintFault, { kind: `after-${string}` }>
type BeforeFault = Exclude<MintFault, AfterFault>

const isAfter = (fault: MintFault): fault is AfterFault => fault.kind.startsWith('after-')

/** The mint's real answer (its status and body) is read to the end, then replaced. */
function answerAfter(res: ServerResponse, fault: AfterFault): void {
  switch (fault.kind) {
    case 'after-drop':
      return void res.socket?.destroy()
    case 'after-hang':
      return
    case 'after-json':
      res.writeHead(fault.status, { ...CORS, 'content-type': 'application/json' })
      return void res.end(JSON.stringify(fault.body))
  }
}

function answer(res: ServerResponse, fault: BeforeFault): void {
  switch (fault.kind) {
    case 'garbage':
      res.writeHead(200, { ...CORS, 'content-type': 'application/json' })
      return void res.end('<html>502 gateway says hi</html')
    case 'text':
      res.writeHead(fault.status, { ...CORS, 'content-type': 'text/plain' })
      return void res.end(fault.body)
    case 'json':
      res.writeHead(fault.status, { ...CORS, 'content-type': 'application/json' })
      return void res.end(JSON.stringify(fault.body))
    case 'hang':
      return
    case 'drop':
      return void res.socket?.destroy()
  }
}

/** A proxy to the mint at `target` (http://127.0.0.1:port), without faults until told. */
export async function startFaultyMint(target: string): Promise<FaultyMint> {
  const mint = new URL(target)
  /** Each with the requests it still applies to (Infinity: until cleared). */
  let faults: Array<{ pattern: string | RegExp; fault: MintFault; left: number }> = []
  let refuseUpgrades = false
  const seen: string[] = []

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    seen.push(path)
    const entry = faults.find((f) => f.left > 0 && matches(f.pattern, path))
    if (entry) entry.left -= 1
    const fault = entry?.fault
    if (fault && !isAfter(fault)) {
      req.resume() // the body is read and dropped: the mint never sees it
      return answer(res, fault)
    }
    const upstream = request(
      {
        host: mint.hostname,
        port: mint.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: mint.host },
      },
      (reply) => {
        if (fault) {
          // The mint has acted once its answer is read whole: only then is it lost or replaced.
          reply.resume()
          reply.on('end', () => answerAfter(res, fault))
          return
        }
        res.writeHead(reply.statusCode ?? 502, reply.headers)
        reply.pipe(res)
      },
    )
    upstream.on('error', () => res.socket?.destroy())
    req.pipe(upstream)
  })

  const tunnels = new Set<Socket>()
  server.on('upgrade', (req, socket, head) => {
    if (refuseUpgrades) return socket.destroy()
    const upstream = connect(Number(mint.port), mint.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`]
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      if (head.length) upstream.write(head)
      upstream.pipe(socket)
      socket.pipe(upstream)
    })
    tunnels.add(upstream)
    upstream.on('close', () => {
      tunnels.delete(upstream)
      socket.destroy()
    })
    upstream.on('error', () => socket.destroy())
    socket.on('error', () => upstream.destroy())
    socket.on('close', () => upstream.destroy())
  })

  leaveIdleSocketsToClient(server)
  const port = await freePort()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })

  return {
    url: `http://127.0.0.1:${port}`,
    fail: (path, fault, times = Number.POSITIVE_INFINITY) => {
      faults = [{ pattern: path, fault, left: times }, ...faults]
    },
    refuseWebSocket: (refuse = true) => {
      refuseUpgrades = refuse
      if (refuse) for (const tunnel of tunnels) tunnel.destroy()
    },
    hits: (path) => seen.filter((p) => matches(path, p)).length,
    clear: () => {
      faults = []
      refuseUpgrades = false
    },
    stop: async () => {
      for (const tunnel of tunnels) tunnel.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
