/**
 * Wires the machines to their effects and exposes typed handles. The UI gets this object through
 * React context; nothing else is global.
 */
import type { QueryClient } from '@tanstack/react-query'
import { type Actor, type ActorOptions, type AnyActorLogic, createActor } from 'xstate'
import { readRelays } from '../core/runtime-config.ts'
import { appMachine } from '../machines/app.machine.ts'
import { type LoginActorRef, loginMachine } from '../machines/login.machine.ts'
import {
  type RelayPoolActorRef,
  readSockets,
  relayPoolMachine,
} from '../machines/relay-pool.machine.ts'
import { socketMachine } from '../machines/socket.machine.ts'
import { createSignerSource } from './current-signer.ts'
import { feedQueryOptions, followLiveFeed } from './feed-queries.ts'
import { createKeystore, type Keystore } from './keystore.ts'
import { loadConfig } from './load-config.ts'
import { loginEffects, type RemoteSignerSlot } from './login-effects.ts'
import { createMetadataLoader, metadataQueryOptions } from './metadata-queries.ts'
import { type Nip49Client, startNip49Worker } from './nip49-client.ts'
import { createQueryClient } from './query-client.ts'
import { createRelayHub, type RelayHub } from './relay-hub.ts'
import { startRelayManager } from './relay-manager-link.ts'
import { keepSession, restoreSession } from './session.ts'
import type { Signer } from './signer.ts'
import { socketLink } from './socket-link.ts'
import { createVerifier, startVerifyWorkers, type Verifier } from './verifier.ts'
import { warmCurveWhenIdle } from './warm-curve.ts'
import { webSocketConnection } from './websocket-connection.ts'

export interface PlumeSystem {
  app: Actor<typeof appMachine>
  login: LoginActorRef
  /** The signer of whoever is logged in now (refuses with the spec's message when none can sign). */
  signer(): Signer
  keystore: Keystore
  /** A nostrconnect:// link on the app's read relays for a NIP-46 signer app to answer. */
  offerNostrConnect(): string
  /** NIP-49 (ncryptsec) in a worker, started on first use: scrypt must not freeze the page. */
  nip49(): Nip49Client
  hub: RelayHub
  verifier: Verifier
  queryClient: QueryClient
  feedQuery: ReturnType<typeof feedQueryOptions>
  metadataQuery(pubkey: string): ReturnType<typeof metadataQueryOptions>
}

const relayPool = relayPoolMachine.provide({
  actors: { socket: socketMachine.provide({ actors: { connection: webSocketConnection } }) },
})

/**
 * Hands every read relay's socket to the hub as it joins the pool, reports its traffic to the pool
 * (`pool.activity`, which keeps it from being closed as stale) and stamps the pool's
 * `pool.relayUnreachable` with the time, as a failed request (the pool has no clock).
 */
function linkPool(pool: RelayPoolActorRef, hub: RelayHub): void {
  const linked = new WeakSet<object>()
  let sockets: unknown
  const link = () => {
    const { context } = pool.getSnapshot()
    if (context.sockets === sockets) return
    sockets = context.sockets
    for (const socket of readSockets(context)) {
      if (linked.has(socket)) continue
      linked.add(socket)
      hub.addRelay(socketLink(socket))
      const url = socket.getSnapshot().context.url
      socket.on('relay.message', () => pool.send({ type: 'pool.activity', url }))
    }
  }
  link()
  pool.subscribe(link)
  pool.on('pool.relayUnreachable', ({ url }) =>
    pool.send({ type: 'pool.requestFailed', url, at: Date.now() }),
  )
}

export function startSystem(
  options: { inspect?: ActorOptions<AnyActorLogic>['inspect'] } = {},
): PlumeSystem {
  const verifier = createVerifier(startVerifyWorkers())
  const keystore = createKeystore()
  const remote: RemoteSignerSlot = { current: null }
  // The hub exists before the app so the login's remote signer can use it; it reaches the
  // pool (created with the app below) only once events flow.
  const hub = createRelayHub({
    verifier,
    // A relay that sends forged events is also failing at its job: its health shows it.
    onRejected: (url) => {
      const pool = app.getSnapshot().children.relays
      pool?.send({ type: 'pool.eventRejected', url })
      pool?.send({ type: 'pool.requestFailed', url, at: Date.now() })
    },
  })
  const effects = loginEffects(keystore, hub, remote)
  const app = createActor(
    appMachine.provide({
      actors: {
        loadConfig,
        relayPool,
        login: loginMachine.provide({ actors: effects.actors }),
      },
    }),
    { inspect: options.inspect },
  )
  const queryClient = createQueryClient()
  const loadMetadata = createMetadataLoader(hub)

  // When the pool starts, link its sockets to the hub and start following new notes.
  const watch = app.subscribe((snapshot) => {
    const pool = snapshot.children.relays
    if (!pool) return
    watch.unsubscribe()
    linkPool(pool, hub)
    const { config } = snapshot.context
    if (config) startRelayManager(pool, config, options.inspect)
    followLiveFeed(hub, queryClient)
  })
  app.start()
  const login = app.getSnapshot().children.login!
  keepSession(login)
  restoreSession(login, keystore)
  warmCurveWhenIdle()
  let nip49: Nip49Client | undefined

  return {
    app,
    login,
    signer: createSignerSource(login, remote),
    keystore,
    offerNostrConnect: () => {
      const config = app.getSnapshot().context.config
      return effects.offerNostrConnect(config ? readRelays(config) : [])
    },
    nip49: () => (nip49 ??= startNip49Worker()),
    hub,
    verifier,
    queryClient,
    feedQuery: feedQueryOptions(hub),
    metadataQuery: (pubkey) => metadataQueryOptions(loadMetadata, pubkey),
  }
}
