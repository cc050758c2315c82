/**
 * The relays' wiring: the socket machine over WebSockets held by a worker, the hub that reports
 * each request's outcome to the pool's health, every socket handed to the hub and to keep-alive as
 * it joins the pool or the auxiliary relays.
 */
import { type ActorOptions, type AnyActorLogic, createActor } from 'xstate'
import type { RuntimeConfig } from '../../core/platform/runtime-config.ts'
import type { RelayReason } from '../../core/relays/relay-reason.ts'
import type { AuxRelaysActorRef } from '../../machines/aux-relays.machine.ts'
import type { RelayPoolActorRef } from '../../machines/relay-pool.machine.ts'
import { type SocketActorRef, socketMachine } from '../../machines/socket.machine.ts'
import { atTaskEnd } from '../platform/at-task-end.ts'
import type { NetworkEvents } from '../platform/online.ts'
import type { Signer } from '../platform/signer.ts'
import { headStart } from '../relays/head-start.ts'
import { type KeepAliveRelays, lazyKeepAlive } from '../relays/lazy-keep-alive.ts'
import { isAuthRequired } from '../relays/relay-auth.ts'
import {
  createRelayHub,
  type RelayHub,
  type RelayLink,
  type RequestResult,
} from '../relays/relay-hub.ts'
import { type RelaySocketLinks, relaySocketLinks } from '../relays/socket.effects.ts'
import { startSocketWorker } from '../relays/socket-port.ts'
import type { Verifier } from '../relays/verifier.ts'
import { workerConnection } from '../relays/worker-connection.ts'

/** `pool.activity` at most this often per relay: a message per frame doubled ingest work. */
const ACTIVITY_EVERY_MS = 1000

/**
 * The sockets' links to the hub, and the socket machine connecting over them for real: every
 * relay socket in one worker, started with the first or by the start-up script, whose sockets
 * are taken over (a frame is decoded there, not on the page's thread; a frame over the cap never
 * crosses).
 */
export function appSockets(): { links: RelaySocketLinks; machine: typeof socketMachine } {
  const early = headStart()
  const links = relaySocketLinks(
    workerConnection(
      () => early?.takePort() ?? startSocketWorker(),
      (url) => early?.takeSocket(url) ?? null,
    ),
  )
  return { links, machine: socketMachine.provide(links.effects) }
}

function countEach(urls: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const url of urls) counts.set(url, (counts.get(url) ?? 0) + 1)
  return counts
}

/** A request's outcome as a health event of the pool or of the auxiliary relays (each keeps its own). */
function reportResult(
  pool: RelayPoolActorRef | undefined,
  aux: AuxRelaysActorRef | undefined,
  url: string,
  result: RequestResult,
) {
  const at = Date.now()
  if (result.ok) {
    pool?.send({ type: 'pool.requestSucceeded', url, responseMs: result.responseMs, at })
    aux?.send({ type: 'aux.requestSucceeded', url, responseMs: result.responseMs, at })
  } else {
    pool?.send({ type: 'pool.requestFailed', url, at })
    aux?.send({ type: 'aux.requestFailed', url, at })
  }
}

export interface HubDeps {
  verifier: Verifier
  /** The signer of whoever is logged in now (NIP-42 AUTH). */
  signer(): Signer
  /** The relay pool, once it runs: each request's outcome goes to its health record. */
  pool(): RelayPoolActorRef | undefined
  /** The auxiliary relays, once they run: relays outside the pool that requests name. */
  aux(): AuxRelaysActorRef | undefined
  /**
   * Asks for a relay outside the pool: the app's starts the auxiliary relays if need be; absent,
   * it is `aux.want` to those running.
   */
  reach?(url: string, reason: RelayReason): boolean | undefined
  /** A request the relay did not answer in time (a REQ's EOSE, a publish's OK). */
  unanswered?(url: string): void
}

export function startRelayHub({
  verifier,
  signer,
  pool,
  aux,
  reach = (url, reason) => {
    aux()?.send({ type: 'aux.want', url, reason })
    return undefined
  },
  unanswered,
}: HubDeps): RelayHub {
  return createRelayHub({
    verifier,
    signer,
    onRequestResult: (url, result) => {
      reportResult(pool(), aux(), url, result)
      if (!result.ok) unanswered?.(url)
    },
    // A relay that sends forged events is also failing at its job: its health shows it. Told
    // one by one, the hostile-relay spec's flood (19,000 forged events) sent the pool and the
    // auxiliary relays three events each: a long task of machine steps per checked batch (traced,
    // 33-65 ms of CPU). Now once per relay and task, with the count.
    onRejected: atTaskEnd((urls: string[]) => {
      for (const [url, count] of countEach(urls)) {
        pool()?.send({ type: 'pool.eventRejected', url, count })
        reportResult(pool(), aux(), url, { ok: false, responseMs: 0 })
      }
    }),
    // So is one that sends frames too large to read or events dated ahead (untrusted-input.ts).
    onDropped: (url) => reportResult(pool(), aux(), url, { ok: false, responseMs: 0 }),
    onClosed: (url, reason) => {
      if (isAuthRequired(reason)) aux()?.send({ type: 'aux.authRequired', url })
    },
    reach,
    // Counts told before the auxiliary relays ran are told again as each relay joins the hub.
    onUsers: (url, users) => aux()?.send({ type: 'aux.users', url, users }),
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
  keepAlive: KeepAliveRelays,
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
      // Waiting in the pool's connect queue (drained 100 ms apart) counts as opening: a request
      // made at start waits for the relays queued behind the first.
      const queued = () =>
        pool.getSnapshot().context.queue.includes(url) &&
        socket.getSnapshot().context.lastError === null
      hub.addRelay({
        ...relay,
        isOpening: () => relay.isOpening?.() === true || queued(),
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

/**
 * Hands each auxiliary relay's socket to the hub (asked only by requests that name it; AUTH only
 * once the user allowed it there) and to keep-alive, takes it back as soon as it starts closing,
 * and tells the auxiliary relays how many
 * sockets the pool holds open, so both stay within one budget.
 */
function linkAux(
  aux: AuxRelaysActorRef,
  pool: RelayPoolActorRef,
  sockets: RelaySocketLinks,
  hub: RelayHub,
  keepAlive: KeepAliveRelays,
): void {
  const linked = new Map<SocketActorRef, RelayLink>()
  let seen: unknown
  const link = () => {
    const { context } = aux.getSnapshot()
    if (context.sockets === seen) return
    seen = context.sockets
    for (const [socket, relay] of linked) {
      if (context.sockets.includes(socket)) continue
      linked.delete(socket)
      hub.removeRelay(relay.url, relay)
      keepAlive.removeRelay(relay.url)
    }
    for (const socket of context.sockets) {
      if (linked.has(socket)) continue
      const base = sockets.link(socket)
      const relay: RelayLink = {
        ...base,
        routedOnly: true,
        permission: () => 'read',
        mayAuthenticate: () => aux.getSnapshot().context.authAllowed.includes(base.url),
      }
      hub.addRelay(relay)
      keepAlive.addRelay(relay)
      linked.set(socket, relay)
    }
  }
  link()
  aux.subscribe(link)
  let poolOpen = -1
  const count = () => {
    const { phase, closing } = pool.getSnapshot().context
    // A removed relay's socket counts until its close completed: the browser holds it till then.
    const open =
      Object.values(phase).filter((phase) => phase === 'connecting' || phase === 'connected')
        .length + closing.length
    if (open === poolOpen) return
    poolOpen = open
    aux.send({ type: 'aux.poolOpen', count: open })
  }
  count()
  pool.subscribe(count)
}

export interface LinkedRelays {
  /** Links the auxiliary relays once they run (their code loads after the pool's). */
  addAux(aux: AuxRelaysActorRef): void
  /** Pings the relay now: it let a request go unanswered (keep-alive's `check`). */
  check(url: string): void
}

/**
 * Links the started pool's sockets to the hub and keeps them alive; the auxiliary relays' too once
 * they are added. When the browser's network comes back (`online` on `network`, the window), the
 * read relays try at once rather than wait out their backoff (up to 15 s).
 */
export function linkRelays(
  relays: RelayPoolActorRef,
  sockets: RelaySocketLinks,
  hub: RelayHub,
  network: NetworkEvents | undefined = globalThis.window,
): LinkedRelays {
  network?.addEventListener('online', () => relays.send({ type: 'pool.connectAll' }))
  let linkedAux: AuxRelaysActorRef | undefined
  const socketAt = (url: string) =>
    [
      ...relays.getSnapshot().context.sockets,
      ...(linkedAux?.getSnapshot().context.sockets ?? []),
    ].find((s) => s.getSnapshot().context.url === url)
  const keepAlive = lazyKeepAlive(({ createKeepAlive, reconnectSocket }) =>
    createKeepAlive({
      reconnect: (url) => {
        const socket = socketAt(url)
        if (socket) reconnectSocket(socket)
      },
      onResult: (url, result) => reportResult(relays, linkedAux, url, result),
    }),
  )
  linkPool(relays, sockets, hub, keepAlive)
  return {
    addAux(aux) {
      linkedAux = aux
      linkAux(aux, relays, sockets, hub, keepAlive)
    },
    check: keepAlive.check,
  }
}

/**
 * The auxiliary relays, started: their code loads when a request first names a relay outside the
 * pool, or once the first screen is drawn. Wants sent before then wait for them (lazy-actor.ts).
 */
export const startAuxRelays = (
  socket: typeof socketMachine,
  config: RuntimeConfig,
  inspect?: ActorOptions<AnyActorLogic>['inspect'],
): Promise<AuxRelaysActorRef> =>
  import('../../machines/aux-relays.machine.ts').then(({ auxRelaysMachine }) =>
    createActor(auxRelaysMachine.provide({ actors: { socket } }), {
      input: { blacklist: config.blacklistedRelays },
      inspect,
    }).start(),
  )
