/**
 * The counterparts a bench run talks to: the relay seeded with the world, the built app served
 * as in production (compressed, config pointing at that relay) with the demo's lightning
 * addresses, and the reference page.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import type { NostrEvent } from 'nostr-tools/pure'
import { localRuntimeConfig } from '../src/core/platform/runtime-config.ts'
import { type AppServer, type AppWorld, startAppServer } from '../tests/peers/app-server.ts'
import { createLnurlService } from '../tests/peers/lnurl-server.ts'
import { type RelayHandle, startRelay } from '../tests/peers/relay.ts'
import { demoZapper } from '../tests/peers/seed/index.ts'
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
  // Everyone's lightning address, as `npm start` serves it: the feed's zap totals check receipts
  // against it. Without it they fetched the app's index.html in its place.
  const lnurl = createLnurlService({ nostrSecretKey: hexToBytes(demoZapper().secretKeyHex) })
  const app = await startAppServer({
    port: o.appPort,
    distDir: o.distDir,
    config: localRuntimeConfig([relay.url]),
    ...(o.world ? { world: o.world, handle: lnurl.handle } : {}),
  })
  const reference = await startReferenceServer(relay.url)
  return {
    relay,
    app,
    reference,
    close: async () => {
      await Promise.all([app.close(), reference.close(), lnurl.close()])
      await relay.close()
    },
  }
}
