/**
 * The relays' wiring: the socket machine over real WebSockets, the hub that reports each request's
 * outcome to the pool's health, every socket handed to the hub and to keep-alive as it joins the
 * pool, and the user's relay list (NIP-65) actor.
 */
import { type ActorOptions, type AnyActorLogic, createActor } from 'xstate'
import { type RelayListActorRef, relayListMachine } from '../../machines/relay-list.machine.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import { type SocketActorRef, socketMachine } from '../../machines/socket.machine.ts'
import type { Signer } from '../platform/signer.ts'
import { createKeepAlive, type KeepAlive, reconnectSocket } from '../relays/keep-alive.ts'
import { createRelayHub, type RelayHub, type RequestResult } from '../relays/relay-hub.ts'
import { type UserRelaysDeps, userRelayEffects } from '../relays/relay-list.effects.ts'
import { type RelaySocketLinks, relaySocketLinks } from '../relays/socket.effects.ts'
import type { Verifier } from '../relays/verifier.ts'

type Inspect = ActorOptions<AnyActorLogic>['inspect']

/** `pool.activity` at most this often per relay: a message per frame doubled ingest work. */
const ACTIVITY_EVERY_MS = 1000

/** The sockets' links to the hub, and the socket machine connecting over them for real. */
export function appSockets(): { links: RelaySocketLinks; machine: typeof socketMachine } {
  const links = relaySocketLinks()
  return { links, machine: socketMachine.provide(links.effects) }
}

/** A request's outcome as a pool health event. */
function reportResult(pool: RelayPoolActorRef | undefined, url: string, result: RequestResult) {
  const at = Date.now()
  pool?.send(
    result.ok
      ? { type: 'pool.requestSucceeded', url, responseMs: result.responseMs, at }
      : { type: 'pool.requestFailed', url, at },
  )
}

export interface HubDeps {
  verifier: Verifier
  /** The signer of whoever is logged in now (NIP-42 AUTH). */
  signer(): Signer
  /** The relay pool, once it runs: each request's outcome goes to its health record. */
  pool(): RelayPoolActorRef | undefined
}

export function startRelayHub({ verifier, signer, pool }: HubDeps): RelayHub {
  return createRelayHub({
    verifier,
    signer,
    onRequestResult: (url, result) => reportResult(pool(), url, result),
    // A relay that sends forged events is also failing at its job: its health shows it.
    onRejected: (url) => {
      pool()?.send({ type: 'pool.eventRejected', url })
      pool()?.send({ type: 'pool.requestFailed', url, at: Date.now() })
    },
  })
}

/**
 * Hands every relay's socket to the hub and to keep-alive as it joins the pool (write-only and
 * indexer relays take publishes and routed queries, not the feed's REQs), reports traffic to the
 * pool (`pool.activity`, which keeps it from being closed as stale) and stamps the pool's
 * `pool.relayUnreachable` with the time, as a failed request (the pool has no clock).
 */
function linkPool(
  pool: RelayPoolActorRef,
  sockets: RelaySocketLinks,
  hub: RelayHub,
  keepAlive: KeepAlive,
): void {
  const linked = new Map<SocketActorRef, { url: string; unlink(): void }>()
  let seen: unknown
  const link = () => {
    const { context } = pool.getSnapshot()
    if (context.sockets === seen) return
    seen = context.sockets
    // Relays that left the pool (the user or the manager removed them) leave the hub too.
    for (const [socket, { url, unlink }] of linked) {
      if (context.sockets.includes(socket)) continue
      linked.delete(socket)
      unlink()
      hub.removeRelay(url)
      keepAlive.removeRelay(url)
    }
    for (const socket of context.sockets) {
      if (linked.has(socket)) continue
      const url = socket.getSnapshot().context.url
      const relay = sockets.link(socket)
      hub.addRelay({
        ...relay,
        permission: () =>
          pool.getSnapshot().context.entries.find((entry) => entry.url === url)?.permission ??
          'write',
        connect: () => pool.send({ type: 'pool.connect', url }),
      })
      keepAlive.addRelay(relay)
      let last = 0
      const unlink = relay.onMessage(() => {
        const now = Date.now()
        if (now - last < ACTIVITY_EVERY_MS) return
        last = now
        pool.send({ type: 'pool.activity', url })
      })
      linked.set(socket, { url, unlink })
    }
  }
  link()
  pool.subscribe(link)
  pool.on('pool.relayUnreachable', ({ url }) =>
    pool.send({ type: 'pool.requestFailed', url, at: Date.now() }),
  )
}

/** Links the started pool's sockets to the hub and keeps them alive. */
export function linkRelays(relays: RelayPoolActorRef, sockets: RelaySocketLinks, hub: RelayHub) {
  const keepAlive = createKeepAlive({
    reconnect: (url) => {
      const socket = relays
        .getSnapshot()
        .context.sockets.find((s) => s.getSnapshot().context.url === url)
      if (socket) reconnectSocket(socket)
    },
    onResult: (url, result) => reportResult(relays, url, result),
  })
  linkPool(relays, sockets, hub, keepAlive)
  keepAlive.start()
}

/** The user's relay list actor (NIP-65), started. */
export const startRelayList = (deps: UserRelaysDeps, inspect?: Inspect): RelayListActorRef =>
  createActor(relayListMachine.provide(userRelayEffects(deps)), { inspect }).start()
