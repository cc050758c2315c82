// The relay-socket worker's host (workers/relay-sockets-api.ts) behind MessageChannels, with ws for
// the WebSocket: the page's end of the worker as the app has it, in Node.
import { WebSocket } from 'ws'
import type { SocketPort } from '../../../../src/actors/relays/socket-port.ts'
import {
  bundleReports,
  createSocketHost,
  type SocketReport,
} from '../../../../src/workers/relay-sockets-api.ts'

// Node 20 has no global WebSocket; the worker's is the browser's.
Object.assign(globalThis, { WebSocket })

/** The worker's host behind a MessageChannel; counts the ports opened, and can fail them. */
export function workerPorts() {
  const channels: MessageChannel[] = []
  const failures: Array<() => void> = []
  const open = (): SocketPort => {
    const channel = new MessageChannel()
    channels.push(channel)
    const host = createSocketHost(bundleReports((reports) => channel.port1.postMessage(reports)))
    channel.port1.onmessage = (event) => host.handle(event.data)
    return {
      post: (command) => channel.port2.postMessage(command),
      listen(report, failed) {
        channel.port2.onmessage = (event: MessageEvent<SocketReport[]>) => {
          for (const each of event.data) report(each)
        }
        failures.push(failed)
      },
    }
  }
  return {
    open,
    opened: () => channels.length,
    fail: () => {
      for (const failed of failures) failed()
    },
    close() {
      for (const { port1, port2 } of channels) {
        port1.close()
        port2.close()
      }
    },
  }
}
