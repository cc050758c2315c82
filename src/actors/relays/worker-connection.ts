/**
 * The socket machine's `connection` actor over the relay-socket worker, which holds the app's
 * relay WebSockets so their frames are decoded off the main thread and frames over the cap never
 * reach it (workers/relay-sockets-api.ts). Same events and close semantics as
 * websocket-connection.ts: opened, closed once (an error is followed by a close), and a stopped
 * actor's socket closed with 1000 and heard no more.
 */
import { fromCallback } from 'xstate'
import type { ConnectionCommand, SocketInput } from '../../machines/socket.machine.ts'
import type { SocketReport } from '../../workers/relay-sockets-api.ts'
import type { EarlySocket } from './head-start.ts'
import type { ConnectionFactory } from './relay-connection.ts'
import type { SocketPort } from './socket-port.ts'

/** "Abnormal closure" (RFC 6455 §7.4.1): what a socket lost with its worker closed with. */
const ABNORMAL_CLOSURE = 1006

/**
 * Every connection made shares one port, opened when the first connection opens. A port that
 * failed is let go: the sockets' retries open the next on a fresh one. `adopt` hands over a
 * socket already open to the relay on the first port (head-start.ts), with what it reported.
 */
export function workerConnection(
  openPort: () => SocketPort,
  adopt: (url: string) => EarlySocket | null = () => null,
): ConnectionFactory {
  const connections = new Map<number, (report: SocketReport) => void>()
  let port: SocketPort | null = null
  let lastId = 0

  const portNow = (): SocketPort => {
    if (port) return port
    const opened = openPort()
    opened.listen(
      (report) => connections.get(report.id)?.(report),
      () => {
        if (port === opened) port = null
        for (const [id, hear] of connections)
          hear({ type: 'closed', id, code: ABNORMAL_CLOSURE, reason: '' })
      },
    )
    port = opened
    return opened
  }

  return (deliver, oversized) =>
    fromCallback<ConnectionCommand, SocketInput>(({ input, sendBack, receive }) => {
      const { url } = input
      const worker = portNow()
      const adopted = adopt(url)
      const id = adopted?.id ?? ++lastId
      connections.set(id, (report) => {
        switch (report.type) {
          case 'opened':
            sendBack({ type: 'socket.opened', at: Date.now() })
            return
          case 'message':
            deliver(url, report.data)
            return
          case 'oversized':
            oversized(url, report.chars)
            return
          case 'closed':
            connections.delete(id)
            sendBack({ type: 'socket.closed', code: report.code, reason: report.reason })
        }
      })
      // Replayed as the worker's next reports would come: after this actor has started.
      if (adopted)
        queueMicrotask(() => {
          for (const report of adopted.reports) connections.get(id)?.(report)
        })
      else worker.post({ type: 'open', id, url })
      receive((command) => {
        if (command.type === 'socket.send') worker.post({ type: 'send', id, data: command.data })
        else if (command.type === 'socket.close')
          worker.post({ type: 'close', id, code: command.code })
      })
      return () => {
        if (connections.delete(id)) worker.post({ type: 'stop', id })
      }
    })
}
