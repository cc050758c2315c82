/**
 * One relay as the relay hub sees it: the link the socket actor provides, the NIP-42 session of its
 * current connection, its REQ-to-EOSE history, and what the hub reports of each request to it.
 */
import type { RelayPermission } from '../../core/relays/relay-permission.ts'
import type { RelayAuthSession } from './relay-auth.ts'

/** What the hub needs of one relay; the socket actor provides it. */
export interface RelayLink {
  url: string
  isConnected(): boolean
  /**
   * What the relay is for now (absent: readwrite). Read relays get every subscription, indexer
   * relays only those for the indexer kinds, write relays only publishes (core/indexer-routing).
   */
  permission?(): RelayPermission
  isTrying(): boolean
  /**
   * In its first attempt to connect since it was added (the app starting, a relay just added):
   * requests wait for its answer. Absent: never.
   */
  isOpening?(): boolean
  /** Waiting out a reconnect backoff after a drop: `connect` has it try now. Absent: never. */
  isWaiting?(): boolean
  /**
   * Opens a relay that is kept idle until needed (write and indexer relays), or that gave up; one
   * waiting to reconnect tries now.
   */
  connect?(): void
  /**
   * A relay outside the pool (auxiliary): asked only by requests that name it, and sent
   * publishes only when named.
   */
  routedOnly?: boolean
  /** Whether an AUTH challenge may be answered (NIP-42); absent: yes. */
  mayAuthenticate?(): boolean
  send(data: string): void
  onMessage(listener: (data: string) => void): () => void
  /**
   * Frames the connection dropped unread for their size (the app's sockets live in a worker that
   * checks the cap before a frame reaches this thread); absent: every frame comes to onMessage.
   */
  onOversized?(listener: (chars: number) => void): () => void
  onConnected(listener: () => void): () => void
  /** The connection ended, or the first attempt to open it (isOpening) failed. */
  onDisconnected(listener: () => void): () => void
}

/**
 * A request or a publish wants the relay: one kept idle, given up or waiting out a reconnect
 * backoff tries now (socket.machine.ts). False when it is not trying and cannot be opened from
 * here (no `connect`).
 */
export function wantConnection(link: RelayLink): boolean {
  if (link.isTrying() && !link.isWaiting?.()) return true
  if (!link.connect) return link.isTrying()
  link.connect()
  return true
}

/** One request's outcome at one relay: answered in time (EOSE, OK) or not. */
export interface RequestResult {
  ok: boolean
  /** From sending to the answer, or to giving up. */
  responseMs: number
}

/** A relay added to the hub. */
export interface HubRelay {
  link: RelayLink
  /** Its URL normalized: how requests name it. */
  normal: string
  /** NIP-42 state of the current connection; null when the hub has no signer. */
  auth: RelayAuthSession | null
  /** REQ-to-EOSE durations, newest last. */
  history: number[]
}
