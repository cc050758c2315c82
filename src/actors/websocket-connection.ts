/** The socket machine's `connection` actor over a real browser WebSocket. */
import { fromCallback } from 'xstate'
import type { ConnectionCommand, ConnectionEvent } from '../machines/socket.machine.ts'

export const webSocketConnection = fromCallback<ConnectionCommand, { url: string }>(
  ({ input, sendBack, receive }) => {
    const send = (event: ConnectionEvent) => sendBack(event)
    const socket = new WebSocket(input.url)
    socket.onopen = () => send({ type: 'socket.opened', at: Date.now() })
    socket.onmessage = (message) => {
      if (typeof message.data === 'string') send({ type: 'socket.message', data: message.data })
    }
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
  },
)
