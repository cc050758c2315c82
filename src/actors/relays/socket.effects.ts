/**
 * The sockets to relays: the socket machine's connection (the app's are held by a worker,
 * worker-connection.ts; tests and peers take a WebSocket on this thread, createRelaySockets), and
 * each relay's messages handed from its connection straight to whoever listens for that relay.
 * One set per pool (the pool holds one socket per URL); tests make their own.
 */

import {
  type ConnectionLogic,
  type SocketActorRef,
  socketMachine,
} from '../../machines/socket.machine.ts'
import type { ConnectionFactory } from './relay-connection.ts'
import type { RelayLink } from './relay-hub.ts'
import { socketLink } from './socket-link.ts'
import { webSocketConnection } from './websocket-connection.ts'

export type MessageListener = (data: string) => void

export interface RelaySocketLinks {
  /** The socket machine's effects: its connection. */
  effects: { actors: { connection: ConnectionLogic } }
  /** The hub's view of one of these sockets. */
  link(socket: SocketActorRef): RelayLink
  /** What the relay at `url` sends, as it arrives; returns the unsubscribe. */
  onMessage(url: string, listener: MessageListener): () => void
}

export interface RelaySockets extends RelaySocketLinks {
  /** The socket machine, connecting for real. */
  machine: typeof socketMachine
}

/** Listeners per relay URL, each handed what comes for its URL. */
function listenersByUrl<T>() {
  const listeners = new Map<string, Set<(value: T) => void>>()
  return {
    listen(url: string, listener: (value: T) => void): () => void {
      const forUrl = listeners.get(url) ?? new Set()
      listeners.set(url, forUrl)
      forUrl.add(listener)
      return () => {
        forUrl.delete(listener)
        if (forUrl.size === 0 && listeners.get(url) === forUrl) listeners.delete(url)
      }
    },
    deliver(url: string, value: T): void {
      for (const listener of listeners.get(url) ?? []) listener(value)
    },
  }
}

/**
 * `connect` makes the connections: no default, so the page does not carry a WebSocket connection
 * of its own beside the worker's (0.1 KiB gzip before the first note).
 */
export function relaySocketLinks(connect: ConnectionFactory): RelaySocketLinks {
  const messages = listenersByUrl<string>()
  const oversized = listenersByUrl<number>()
  return {
    effects: { actors: { connection: connect(messages.deliver, oversized.deliver) } },
    link: (socket) => socketLink(socket, messages.listen, oversized.listen),
    onMessage: messages.listen,
  }
}

/**
 * The sockets with the machine provided, for tests and peers that run pools without the app (the
 * app's composition root provides the machine itself).
 */
export function createRelaySockets(): RelaySockets {
  const links = relaySocketLinks(webSocketConnection)
  return { ...links, machine: socketMachine.provide(links.effects) }
}
