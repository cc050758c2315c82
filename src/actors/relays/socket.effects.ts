/**
 * The app's sockets to relays: the socket machine's connection over real WebSockets, and each
 * relay's messages handed from its WebSocket straight to whoever listens for that relay. One set
 * per pool (the pool holds one socket per URL); tests make their own.
 */

import { type SocketActorRef, socketMachine } from '../../machines/socket.machine.ts'
import type { RelayLink } from './relay-hub.ts'
import { socketLink } from './socket-link.ts'
import { webSocketConnection } from './websocket-connection.ts'

export type MessageListener = (data: string) => void

export interface RelaySocketLinks {
  /** The socket machine's effects: its connection, a real WebSocket. */
  effects: { actors: { connection: ReturnType<typeof webSocketConnection> } }
  /** The hub's view of one of these sockets. */
  link(socket: SocketActorRef): RelayLink
  /** What the relay at `url` sends, as it arrives; returns the unsubscribe. */
  onMessage(url: string, listener: MessageListener): () => void
}

export interface RelaySockets extends RelaySocketLinks {
  /** The socket machine, connecting for real. */
  machine: typeof socketMachine
}

export function relaySocketLinks(): RelaySocketLinks {
  const listeners = new Map<string, Set<MessageListener>>()
  const onMessage = (url: string, listener: MessageListener) => {
    const forUrl = listeners.get(url) ?? new Set()
    listeners.set(url, forUrl)
    forUrl.add(listener)
    return () => {
      forUrl.delete(listener)
      if (forUrl.size === 0 && listeners.get(url) === forUrl) listeners.delete(url)
    }
  }
  const deliver = (url: string, data: string) => {
    for (const listener of listeners.get(url) ?? []) listener(data)
  }
  return {
    effects: { actors: { connection: webSocketConnection(deliver) } },
    link: (socket) => socketLink(socket, onMessage),
    onMessage,
  }
}

/**
 * The sockets with the machine provided, for tests and peers that run pools without the app (the
 * app's composition root provides the machine itself).
 */
export function createRelaySockets(): RelaySockets {
  const links = relaySocketLinks()
  return { ...links, machine: socketMachine.provide(links.effects) }
}
