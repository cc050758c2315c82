/** The socket machine's `connection` actor over a real browser WebSocket. */
import { fromCallback } from 'xstate'
import type { ConnectionCommand, ConnectionEvent } from '../../machines/socket.machine.ts'

/** Where a connection hands what its relay sends: the relay's URL and the message's text. */
export type DeliverMessage = (url: string, data: string) => void

/**
 * Opening and closing go to the machine; the relay's messages go to `deliver` as they arrive
 * (the machine does not see them, socket.machine.ts says why).
 */
export const webSocketConnection = (deliver: DeliverMessage) =>
  fromCallback<ConnectionCommand, { url: string }>(({ input, sendBack, receive }) => {
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
