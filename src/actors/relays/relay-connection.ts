/**
 * What the socket machine's `connection` actor is made of: where it hands what the relay sends.
 * Two makers share this shape: websocket-connection.ts (a WebSocket on this thread: Node, tests,
 * peers) and worker-connection.ts (the app's sockets, held by a worker).
 */
import type { ConnectionLogic } from '../../machines/socket.machine.ts'

/** Where a connection hands what its relay sends: the relay's URL and the message's text. */
export type DeliverMessage = (url: string, data: string) => void

/**
 * Where a connection reports a frame it dropped unread for its size (its length in UTF-16 code
 * units), so the hub counts it against the relay as it counts one it dropped itself.
 */
export type DeliverOversized = (url: string, chars: number) => void

/** Makes the `connection` actor; the socket machine's effects are `{ actors: { connection } }`. */
export type ConnectionFactory = (
  deliver: DeliverMessage,
  oversized: DeliverOversized,
) => ConnectionLogic
