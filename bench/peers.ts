/**
 * The counterparts a bench run talks to: the relay seeded with the world, the built app served
 * as in production (compressed, config pointing at that relay), and the reference page.
 */
import type { NostrEvent } from 'nostr-tools/pure'
import { localRuntimeConfig } from '../src/core/runtime-config.ts'
import { type AppServer, type AppWorld, startAppServer } from '../tests/peers/app-server.ts'
import { type RelayHandle, startRelay } from '../tests/peers/relay.ts'
import { type ReferenceServer, startReferenceServer } from './reference.ts'

export interface BenchPeers {
  relay: RelayHandle
  app: AppServer
  reference: ReferenceServer
  close(): Promise<void>
}

export interface PeerOptions {
  events: NostrEvent[]
  /** Media and NIP-05 for the app server; the seeded world's media URLs name appPort. */
  world?: AppWorld
  appPort: number
  relayPort: number
  distDir: string
}

export async function startPeers(o: PeerOptions): Promise<BenchPeers> {
  const relay = await startRelay({ seed: o.events, port: o.relayPort })
  const app = await startAppServer({
    port: o.appPort,
    distDir: o.distDir,
    config: localRuntimeConfig([relay.url]),
    ...(o.world ? { world: o.world } : {}),
  })
  const reference = await startReferenceServer(relay.url)
  return {
    relay,
    app,
    reference,
    close: async () => {
      await Promise.all([app.close(), reference.close()])
      await relay.close()
    },
  }
}
