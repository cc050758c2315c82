/**
 * Wires the machines to their effects and exposes typed handles. The UI gets this object through
 * React context; nothing else is global.
 */
import type { QueryClient } from '@tanstack/react-query'
import { type Actor, type ActorOptions, type AnyActorLogic, createActor } from 'xstate'
import { readRelays } from '../core/app/runtime-config.ts'
import { appMachine } from '../machines/app.machine.ts'
import type { CacheRestoreActorRef } from '../machines/cache-restore.machine.ts'
import { type LoginActorRef, loginMachine } from '../machines/login.machine.ts'
import type { RelayListActorRef } from '../machines/relay-list.machine.ts'
import { type RelayPoolActorRef, relayPoolMachine } from '../machines/relay-pool.machine.ts'
import type { SocketActorRef } from '../machines/socket.machine.ts'
import { startQueryPersistence } from './app/cache-restore.effects.ts'
import { createFirstScreen, type FirstScreen } from './app/first-screen.ts'
import { loadConfig } from './app/load-config.ts'
import type { MemoryManager } from './app/memory-manager.ts'
import { preferencesLogic } from './app/preferences.effects.ts'
import { createQueryClient } from './app/query-client.ts'
import type { CashuWallet } from './ecash/cashu-wallet-api.ts'
import { asciiCache } from './feed/ascii-cache.ts'
import { feedQueryOptions, followLiveFeed } from './feed/feed-queries.ts'
import { loadedNoteQueryOptions } from './feed/note-loader.ts'
import { createRowLoader } from './feed/row-loader.ts'
import { createSignerSource } from './identity/current-signer.ts'
import type { Keystore } from './identity/keystore.ts'
import { lazyKeystore } from './identity/lazy-keystore.ts'
import { loginEffects, type RemoteSignerSlot } from './identity/login.effects.ts'
import { keepSession, restoreSession } from './identity/login-session.ts'
import { type Nip49Client, startNip49Worker } from './identity/nip49-client.ts'
import type { Signer } from './identity/signer.ts'
import { warmCurveWhenIdle } from './identity/warm-curve.ts'
import { lazyWallet, startWalletWhenSaved, type WalletHandle } from './lightning/lazy-wallet.ts'
import {
  createNotificationSettingsStore,
  type NotificationSettingsStore,
} from './notifications/notification-settings-store.ts'
import { metadataQueryOptions } from './people/metadata-queries.ts'
import type { PublishQueue } from './publish/publish-queue.effects.ts'
import { createKeepAlive, type KeepAlive, reconnectSocket } from './relays/keep-alive.ts'
import { createRelayHub, type RelayHub, type RequestResult } from './relays/relay-hub.ts'
import { fetchRelayInfo } from './relays/relay-info.ts'
import { relayInfoQueryOptions } from './relays/relay-info-queries.ts'
import { linkRelayList, startRelayList } from './relays/relay-list.effects.ts'
import { linkRelayManager } from './relays/relay-manager.effects.ts'
import { createRelaySockets, type RelaySockets } from './relays/socket.effects.ts'
import { createVerifier, startVerifyWorkers, type Verifier } from './relays/verifier.ts'

export interface PlumeSystem {
  app: Actor<typeof appMachine>
  login: LoginActorRef
  /** The signer of whoever is logged in now (refuses with the spec's message when none can sign). */
  signer(): Signer
  keystore: Keystore
  /** A nostrconnect:// link on the app's read relays for a NIP-46 signer app to answer. */
  offerNostrConnect(): Promise<string>
  /** Prepares the curve while the page is idle, for a screen that will take a key. */
  warmCurve(): void
  /** NIP-49 (ncryptsec) in a worker, started on first use: scrypt must not freeze the page. */
  nip49(): Nip49Client
  hub: RelayHub
  verifier: Verifier
  queryClient: QueryClient
  /** The persisted query cache: restored on start (queries wait until it is), saved on change. */
  cache: CacheRestoreActorRef
  feedQuery: ReturnType<typeof feedQueryOptions>
  metadataQuery(pubkey: string): ReturnType<typeof metadataQueryOptions>
  /** A note by id, ['note', id], asked for with the other rows' (a quote, a notification's note). */
  noteQuery(id: string): ReturnType<typeof loadedNoteQueryOptions>
  /** A relay's NIP-11 document, ['relay-info', url]. */
  relayInfoQuery(url: string): ReturnType<typeof relayInfoQueryOptions>
  /** The user's relay list (NIP-65): Relay Management sends the user's edits here. */
  relayList: RelayListActorRef
  /** Notification mutes and last-seen times (local storage), read by the header and the page. */
  notificationSettings: NotificationSettingsStore
  /** The Lightning wallet (NWC or WebLN): loaded on first use, or at start when one is saved. */
  lightning: WalletHandle
  /** The memory manager: started 30 s in, or sooner when a screen asks for its figures. */
  memory(): Promise<MemoryManager>
  /** The ecash (Cashu) wallet: its code (cashu-ts among it) loads on first use of /wallet. */
  ecash(): Promise<CashuWallet>
  /** Posts written offline, sent once back online: loaded on first use (a publish, idle start). */
  publishQueue(): Promise<PublishQueue>
  /** The first screen drawn: what shows nothing on it waits. */
  firstScreen: FirstScreen
}

/**
 * The memory manager starts when its first pressure check would run (spec §9: every 30 s):
 * before then there is nothing to clean, and its code stays off the first note's path.
 */
const MEMORY_MANAGER_START_MS = 30_000

/** `pool.activity` at most this often per relay: a message per frame doubled ingest work. */
const ACTIVITY_EVERY_MS = 1000

/**
 * Hands every relay's socket to the hub and to keep-alive as it joins the pool (write-only and
 * indexer relays take publishes and routed queries, not the feed's REQs), reports traffic to the
 * pool (`pool.activity`, which keeps it from being closed as stale) and stamps the pool's
 * `pool.relayUnreachable` with the time, as a failed request (the pool has no clock).
 */
function linkPool(
  pool: RelayPoolActorRef,
  sockets: RelaySockets,
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

/** A request's outcome as a pool health event. */
function reportResult(pool: RelayPoolActorRef | undefined, url: string, result: RequestResult) {
  const at = Date.now()
  pool?.send(
    result.ok
      ? { type: 'pool.requestSucceeded', url, responseMs: result.responseMs, at }
      : { type: 'pool.requestFailed', url, at },
  )
}

export function startSystem(
  options: { inspect?: ActorOptions<AnyActorLogic>['inspect'] } = {},
): PlumeSystem {
  const verifier = createVerifier(startVerifyWorkers())
  const sockets = createRelaySockets()
  const keystore = lazyKeystore()
  const remote: RemoteSignerSlot = { current: null }
  // The hub exists before the app so the login's remote signer can use it; it reaches the
  // pool (created with the app below) only once events flow.
  const pool = () => app.getSnapshot().children.relays
  const hub = createRelayHub({
    verifier,
    signer: () => signer(),
    onRequestResult: (url, result) => reportResult(pool(), url, result),
    // A relay that sends forged events is also failing at its job: its health shows it.
    onRejected: (url) => {
      pool()?.send({ type: 'pool.eventRejected', url })
      pool()?.send({ type: 'pool.requestFailed', url, at: Date.now() })
    },
  })
  const effects = loginEffects(keystore, hub, remote)
  const app = createActor(
    appMachine.provide({
      actors: {
        loadConfig,
        relayPool: relayPoolMachine.provide({ actors: { socket: sockets.machine } }),
        login: loginMachine.provide({ actors: effects.actors }),
        preferences: preferencesLogic,
      },
    }),
    { inspect: options.inspect },
  )
  const queryClient = createQueryClient()
  const cache = startQueryPersistence(queryClient, options.inspect)
  const rowLoader = createRowLoader(hub)
  const relayList = startRelayList({ hub, signer: () => signer(), pool }, options.inspect)

  // When the pool starts, link its sockets to the hub and start following new notes.
  const watch = app.subscribe((snapshot) => {
    const relays = snapshot.children.relays
    if (!relays) return
    watch.unsubscribe()
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
    const { config } = snapshot.context
    const login = snapshot.children.login
    if (config && login) linkRelayList(relayList, login, config)
    const manager = snapshot.children.relayManager
    if (manager) linkRelayManager(relays, manager)
    followLiveFeed(hub, queryClient)
  })
  app.start()
  const login = app.getSnapshot().children.login!
  const signer = createSignerSource(login, remote)
  keepSession(login)
  restoreSession(login, keystore)
  const lightning = lazyWallet({ login, signer, inspect: options.inspect })
  startWalletWhenSaved(lightning)
  let nip49: Nip49Client | undefined
  let memory: Promise<MemoryManager> | undefined
  let ecash: Promise<CashuWallet> | undefined
  let publishQueue: Promise<PublishQueue> | undefined
  const startMemory = () =>
    (memory ??= import('./app/memory-manager.ts').then(({ startMemoryManager }) =>
      startMemoryManager({
        queryClient,
        extraBytes: () => asciiCache().estimatedBytes(),
        clearExtra: () => asciiCache().clear(),
      }),
    ))
  setTimeout(() => void startMemory(), MEMORY_MANAGER_START_MS)

  return {
    app,
    login,
    signer,
    keystore,
    warmCurve: warmCurveWhenIdle,
    offerNostrConnect: () => {
      const config = app.getSnapshot().context.config
      return effects.offerNostrConnect(config ? readRelays(config) : [])
    },
    nip49: () => (nip49 ??= startNip49Worker()),
    hub,
    verifier,
    queryClient,
    cache,
    feedQuery: feedQueryOptions(hub),
    metadataQuery: (pubkey) => metadataQueryOptions(rowLoader.metadata, pubkey),
    noteQuery: (id) => loadedNoteQueryOptions(rowLoader.note, id),
    relayInfoQuery: (url) => relayInfoQueryOptions(fetchRelayInfo, url),
    relayList,
    notificationSettings: createNotificationSettingsStore(),
    lightning,
    memory: startMemory,
    ecash: () =>
      (ecash ??= import('./ecash/cashu-wallet.ts').then(({ startCashuWallet }) =>
        startCashuWallet({ login, signer, hub, pool }),
      )),
    publishQueue: () =>
      (publishQueue ??= import('./publish/publish-queue.effects.ts').then(({ startPublishQueue }) =>
        startPublishQueue({ hub, app, queryClient }),
      )),
    firstScreen: createFirstScreen({ onFeed: () => window.location.pathname === '/' }),
  }
}
