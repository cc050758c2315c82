/**
 * The socket machine's `connection` actor over a WebSocket on this thread: Node (ws), the unit
 * tests and the peers. The app's sockets are held by a worker instead (worker-connection.ts).
 */
import { fromCallback } from 'xstate'
import type {
  ConnectionCommand,
  ConnectionEvent,
  SocketInput,
} from '../../machines/socket.machine.ts'
import type { ConnectionFactory } from './relay-connection.ts'

/**
 * Opening and closing go to the machine; the relay's messages go to `deliver` as they arrive
 * (the machine does not see them, socket.machine.ts says why). Frames of any size are delivered:
 * the hub drops those over its cap (core/relays/untrusted-input.ts).
 */
export const webSocketConnection: ConnectionFactory = (deliver) =>
  fromCallback<ConnectionCommand, SocketInput>(({ input, sendBack, receive }) => {
    const send = (event: ConnectionEvent) => sendBack(event)
    const socket = new WebSocket(input.url)
    socket.onopen = () => send({ type: 'socket.opened', at: Date.now() })
    socket.onmessage = (message) => {
      if (typeof message.data === 'string') deliver(input.url, message.data)
    }
    // An error is always followed by a close (WHATWG WebSockets, "fail the connection"): the
    // machine hears that. Node's ws would throw an error nobody listens for.
    socket.onerror = () => {}
    socket.onclose = (close) =>
      send({ type: 'socket.closed', code: close.code, reason: close.reason })
    receive((command) => {
      if (command.type === 'socket.send' && socket.readyState === WebSocket.OPEN) {
        socket.send(command.data)
      } else if (command.type === 'socket.close') {
        socket.close(command.code)
      }
    })
    return () => {
      socket.onopen = socket.onmessage = socket.onclose = null
      if (socket.readyState <= WebSocket.OPEN) socket.close(1000)
    }
  })
