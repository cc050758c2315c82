/**
 * Wires the machines to their effects and exposes typed handles. The UI gets this object through
 * React context; nothing else is global.
 */
import type { QueryClient } from '@tanstack/react-query'
import { type Actor, type ActorOptions, type AnyActorLogic, createActor } from 'xstate'
import { appMachine } from '../machines/app.machine.ts'
import { relayPoolMachine } from '../machines/relay-pool.machine.ts'
import { socketMachine } from '../machines/socket.machine.ts'
import { feedQueryOptions, followLiveFeed } from './feed-queries.ts'
import { loadConfig } from './load-config.ts'
import { createMetadataLoader, metadataQueryOptions } from './metadata-queries.ts'
import { createQueryClient } from './query-client.ts'
import { createRelayHub, type RelayHub } from './relay-hub.ts'
import { socketLink } from './socket-link.ts'
import { createVerifier, startVerifyWorkers, type Verifier } from './verifier.ts'
import { webSocketConnection } from './websocket-connection.ts'

export interface PlumeSystem {
  app: Actor<typeof appMachine>
  hub: RelayHub
  verifier: Verifier
  queryClient: QueryClient
  feedQuery: ReturnType<typeof feedQueryOptions>
  metadataQuery(pubkey: string): ReturnType<typeof metadataQueryOptions>
}

const providedApp = appMachine.provide({
  actors: {
    loadConfig,
    relayPool: relayPoolMachine.provide({
      actors: { socket: socketMachine.provide({ actors: { connection: webSocketConnection } }) },
    }),
  },
})

export function startSystem(
  options: { inspect?: ActorOptions<AnyActorLogic>['inspect'] } = {},
): PlumeSystem {
  const app = createActor(providedApp, { inspect: options.inspect })
  const verifier = createVerifier(startVerifyWorkers())
  const hub = createRelayHub({
    verifier,
    onRejected: (url) =>
      app.getSnapshot().children.relays?.send({ type: 'pool.eventRejected', url }),
  })
  const queryClient = createQueryClient()
  const loadMetadata = createMetadataLoader(hub)

  // When the pool starts, hand its sockets to the hub and start following new notes.
  const watch = app.subscribe((snapshot) => {
    const pool = snapshot.children.relays
    if (!pool) return
    watch.unsubscribe()
    for (const socket of pool.getSnapshot().context.sockets) hub.addRelay(socketLink(socket))
    followLiveFeed(hub, queryClient)
  })
  app.start()

  return {
    app,
    hub,
    verifier,
    queryClient,
    feedQuery: feedQueryOptions(hub),
    metadataQuery: (pubkey) => metadataQueryOptions(loadMetadata, pubkey),
  }
}
