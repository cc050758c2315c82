/**
 * The counterparts a bench run talks to: the relay seeded with the world, the built app served
 * as in production (compressed, config pointing at that relay) with the demo's lightning
 * addresses, and the reference page. For routing measures: the many-relay world (startWorldPeers)
 * and the wide world (startWideWorld), each relay holding only what the world places on it.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import type { NostrEvent } from 'nostr-tools/pure'
import { localRuntimeConfig, type RuntimeConfig } from '../src/core/platform/runtime-config.ts'
import { type AppServer, type AppWorld, startAppServer } from '../tests/peers/app-server.ts'
import { freePorts } from '../tests/peers/free-port.ts'
import { createLnurlService } from '../tests/peers/lnurl-server.ts'
import { type RelayHandle, startRelay } from '../tests/peers/relay.ts'
import { type DemoWorld, demoZapper } from '../tests/peers/seed/index.ts'
import {
  generateWideWorld,
  WIDE_AUTHORS,
  WIDE_SPREAD_RELAYS,
  type WideWorld,
  wideRelaysOn,
} from '../tests/peers/wide-world.ts'
import { worldRuntimeConfig } from '../tests/peers/world-config.ts'
import {
  startPlacedRelays,
  startWorldRelays,
  type WorldRelayHandles,
} from '../tests/peers/world-relays.ts'
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

export interface WorldPeers {
  relays: WorldRelayHandles
  /** the app with the general relays as its pool and the indexer */
  app: AppServer
  close(): Promise<void>
}

/**
 * The many-relay demo world (generated with worldRelaysOn(await freePorts(WORLD_RELAY_COUNT)) and
 * origin http://127.0.0.1:<appPort>): every relay seeded with its share, the app served as for
 * startPeers but with the world's config.
 */
export async function startWorldPeers(o: {
  world: DemoWorld
  appPort: number
  distDir: string
}): Promise<WorldPeers> {
  const relays = await startWorldRelays({ world: o.world })
  const lnurl = createLnurlService({ nostrSecretKey: hexToBytes(demoZapper().secretKeyHex) })
  const app = await startAppServer({
    port: o.appPort,
    distDir: o.distDir,
    config: worldRuntimeConfig(o.world.relays),
    world: o.world,
    handle: lnurl.handle,
  }).catch(async (error: unknown) => {
    await relays.close()
    throw error
  })
  return {
    relays,
    app,
    close: async () => {
      await Promise.all([app.close(), lnurl.close()])
      await relays.close()
    },
  }
}

export interface WidePeers {
  world: WideWorld
  /** relay URL -> the running relay */
  relays: Map<string, RelayHandle>
  /** the reader's view: the general relays as the pool, and the indexer */
  config: RuntimeConfig
  timings: {
    /** generating and signing every event */
    generateMs: number
    /** starting every relay with its share */
    seedMs: number
  }
  close(): Promise<void>
}

/** The wide world (tests/peers/wide-world.ts) on free local ports, each relay seeded with its share. */
export async function startWideWorld(
  o: { authors?: number; spreadRelays?: number; now?: number } = {},
): Promise<WidePeers> {
  const ports = await freePorts(3 + (o.spreadRelays ?? WIDE_SPREAD_RELAYS))
  const started = performance.now()
  const world = await generateWideWorld({
    relays: wideRelaysOn(ports),
    authors: o.authors ?? WIDE_AUTHORS,
    ...(o.now === undefined ? {} : { now: o.now }),
  })
  const generated = performance.now()
  const placed = world.relayUrls.map((url, i) => ({
    name: i < 2 ? `general-${'ab'[i]}` : i === 2 ? 'indexer' : `spread-${i - 2}`,
    url,
    title: 'Plume wide-world relay',
  }))
  const { running, close } = await startPlacedRelays(placed, world.eventsByRelay)
  const seeded = performance.now()
  return {
    world,
    relays: new Map(running.map((r) => [r.url, r.relay])),
    config: worldRuntimeConfig(world.relays),
    timings: { generateMs: generated - started, seedMs: seeded - generated },
    close,
  }
}
