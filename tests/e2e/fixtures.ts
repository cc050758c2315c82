/**
 * Browser-test fixtures: a demo world per worker, and per test a real relay seeded with it and
 * the built app served with a runtime config that points at the test's relays.
 */
import { test as base, type Page } from '@playwright/test'
import { localRuntimeConfig } from '../../src/core/platform/runtime-config.ts'
import { type AppServer, startAppServer } from '../peers/app-server.ts'
import { freePort } from '../peers/free-port.ts'
import { type RelayHandle, type RelayOptions, startRelay } from '../peers/relay.ts'
import { type DemoWorld, generateDemoWorld } from '../peers/seed/index.ts'

interface WorkerFixtures {
  appPort: number
  /** The port of a test's first relay: the relay the world's relay lists and hints name. */
  relayPort: number
  world: DemoWorld
}

interface TestFixtures {
  /**
   * Starts a relay seeded with the world (or as the options say); closed after the test. The
   * first one a test starts listens on the worker's relayPort, so a world account that logs in
   * finds its relay list (kind 10002) pointing at a relay that answers.
   */
  launchRelay(options?: RelayOptions): Promise<RelayHandle>
  /** Serves the built app listing these relays, and opens it. */
  openApp(relays: RelayHandle[], path?: string): Promise<AppServer>
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

  openApp: async ({ page, appPort, world }, use) => {
    const servers: AppServer[] = []
    await use(async (relays, path = '/') => {
      const server = await startAppServer({
        port: appPort,
        // PLUME_DIST: a build of one's own, so parallel work does not swap the app mid-test.
        distDir: process.env.PLUME_DIST ?? 'dist',
        config: localRuntimeConfig(relays.map((relay) => relay.url)),
        world,
      })
      servers.push(server)
      await page.goto(`${server.url}${path}`)
      return server
    })
    await Promise.all(servers.map((server) => server.close()))
  },
})

export { expect } from '@playwright/test'

/** The light of one relay in the header. */
export const relayLight = (page: Page, url: string) =>
  page.locator(`.relay-lights [data-relay="${url}"]`)
