/**
 * Browser-test fixtures: a demo world per worker, and per test a real relay seeded with it and
 * the built app served with a runtime config that points at the test's relays. Tests of routing
 * across relays start the many-relay world instead (launchWorld): a relay per role, each holding
 * what the world's ground truth places on it. Every test fails on a Content Security Policy
 * violation in its context or in any context it opens itself (csp-guard.ts).
 */
import { test as base, type Page } from '@playwright/test'
import { localRuntimeConfig, type RuntimeConfig } from '../../src/core/platform/runtime-config.ts'
import { type AppServer, type AppWorld, startAppServer } from '../peers/app-server.ts'
import { freePort, freePorts } from '../peers/free-port.ts'
import { type RelayHandle, type RelayOptions, startRelay } from '../peers/relay.ts'
import {
  type DemoWorld,
  generateDemoWorld,
  WORLD_RELAY_COUNT,
  worldRelaysOn,
} from '../peers/seed/index.ts'
import { worldRuntimeConfig } from '../peers/world-config.ts'
import { startWorldRelays, type WorldRelayHandles } from '../peers/world-relays.ts'
import { type CspGuard, guardContextsOpened, guardCsp, guardsOf } from './csp-guard.ts'

interface WorkerFixtures {
  appPort: number
  /** The port of a test's first relay: the relay the world's relay lists and hints name. */
  relayPort: number
  world: DemoWorld
  /**
   * The many-relay world (general A and B, indexer, four small relays, hint-only), named with
   * ports that were free when the worker started. Its eventsByRelay and relaysOf are the truth.
   */
  manyRelayWorld: DemoWorld
}

/** The many-relay world running for one test. */
export interface LaunchedWorld extends WorldRelayHandles {
  world: DemoWorld
  /** The runtime config to open the app with: the general relays, and the indexer. */
  config: RuntimeConfig
}

export interface OpenAppOptions {
  /** In place of a config listing `relays` (as readwrite). */
  config?: RuntimeConfig
  /** Media and NIP-05 to serve; the worker's world by default. */
  world?: AppWorld
  /** How far the navigation goes before openApp returns (Playwright's; `load` by default). */
  waitUntil?: 'commit' | 'load'
  /** The config put into the page, as a host may (app-server.ts); true by default. */
  inlineConfig?: boolean
}

export interface TestFixtures {
  /**
   * The CSP violations of the test's context and of every context it opens itself (a second
   * profile, a fresh or persistent context), on in every test: any left at the end fail the test.
   * A test that causes one on purpose takes it (`csp.take()`).
   */
  csp: CspGuard
  /**
   * Starts a relay seeded with the world (or as the options say); closed after the test. The
   * first one a test starts listens on the worker's relayPort, so a world account that logs in
   * finds its relay list (kind 10002) pointing at a relay that answers.
   */
  launchRelay(options?: RelayOptions): Promise<RelayHandle>
  /**
   * Starts every relay of the many-relay world, each seeded with its share of the world; closed
   * after the test. Open the app on it with `openApp(launched.general, path, launched)`.
   */
  launchWorld(): Promise<LaunchedWorld>
  /** Serves the built app listing these relays (or with `options.config`), and opens it. */
  openApp(relays: RelayHandle[], path?: string, options?: OpenAppOptions): Promise<AppServer>
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from the pattern
  appPort: [async ({}, use) => use(await freePort()), { scope: 'worker' }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from the pattern
  relayPort: [async ({}, use) => use(await freePort()), { scope: 'worker' }],
  world: [
    async ({ appPort, relayPort }, use) =>
      use(
        await generateDemoWorld({
          origin: `http://127.0.0.1:${appPort}`,
          relayUrl: `ws://127.0.0.1:${relayPort}`,
        }),
      ),
    { scope: 'worker' },
  ],
  manyRelayWorld: [
    async ({ appPort }, use) =>
      use(
        await generateDemoWorld({
          origin: `http://127.0.0.1:${appPort}`,
          relays: worldRelaysOn(await freePorts(WORLD_RELAY_COUNT)),
        }),
      ),
    { scope: 'worker' },
  ],

  csp: [
    async ({ context, browser, playwright }, use) => {
      const guards = [await guardCsp(context)]
      // The contexts the test opens itself (a second profile, a fresh or persistent context).
      const release = guardContextsOpened(
        browser,
        [playwright.chromium, playwright.firefox, playwright.webkit],
        async (opened) => guards.push(await guardCsp(opened)),
      )
      const guard = guardsOf(guards)
      try {
        await use(guard)
      } finally {
        release()
      }
      const left = [...new Set(guard.seen())]
      if (left.length > 0) {
        throw new Error(`Content Security Policy violations:\n${left.join('\n')}`)
      }
    },
    { auto: true },
  ],

  launchRelay: async ({ world, relayPort }, use) => {
    const relays: RelayHandle[] = []
    let started = 0
    await use(async (options) => {
      // Counted before the await: relays started together must not all take relayPort.
      const port = started++ === 0 ? relayPort : 0
      const relay = await startRelay({ seed: world.events, port, ...options })
      relays.push(relay)
      return relay
    })
    await Promise.all(relays.map((relay) => relay.close()))
  },

  launchWorld: async ({ manyRelayWorld }, use) => {
    const launched: WorldRelayHandles[] = []
    await use(async () => {
      const relays = await startWorldRelays({ world: manyRelayWorld })
      launched.push(relays)
      return { ...relays, world: manyRelayWorld, config: worldRuntimeConfig(manyRelayWorld.relays) }
    })
    await Promise.all(launched.map((relays) => relays.close()))
  },

  openApp: async ({ page, appPort, world }, use) => {
    const servers: AppServer[] = []
    await use(async (relays, path = '/', options = {}) => {
      const server = await startAppServer({
        port: appPort,
        // PLUME_DIST: a build of one's own, so parallel work does not swap the app mid-test.
        distDir: process.env.PLUME_DIST ?? 'dist',
        config: options.config ?? localRuntimeConfig(relays.map((relay) => relay.url)),
        world: options.world ?? world,
        inlineConfig: options.inlineConfig ?? true,
      })
      servers.push(server)
      await page.goto(`${server.url}${path}`, { waitUntil: options.waitUntil ?? 'load' })
      return server
    })
    await Promise.all(servers.map((server) => server.close()))
  },
})

export { expect } from '@playwright/test'

/** The light of one relay in the header. */
export const relayLight = (page: Page, url: string) =>
  page.locator(`.relay-lights [data-relay="${url}"]`)
