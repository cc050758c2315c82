/**
 * Relay Management on real relays: a relay's detail reads its NIP-11 document over HTTP and its
 * live figures from the pool; the Auxiliary Relays modal shows the dynamic relay manager's
 * statistics, lives in the URL (?auxRelays=true) and follows the manager as it adds relays.
 */
import type { Page } from '@playwright/test'
import { localRuntimeConfig, type RuntimeConfig } from '../../src/core/platform/runtime-config.ts'
import { startAppServer } from '../peers/app-server.ts'
import { freePort } from '../peers/free-port.ts'
import type { RelayHandle } from '../peers/relay.ts'
import type { DemoWorld } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'

const openSettings = (page: Page) => page.getByRole('button', { name: 'Settings' }).click()
const relaySection = (page: Page) => page.getByRole('region', { name: 'Relay Management' })
const detailOf = (page: Page, url: string) => page.locator(`[id="relay-detail-${url}"]`)
const field = (scope: ReturnType<Page['locator']>, name: string) =>
  scope.locator(`[data-field="${name}"]`)

/** The document the relay serves, read the way the app reads it. */
async function servedInfo(relay: RelayHandle): Promise<Record<string, unknown>> {
  const response = await fetch(relay.url.replace(/^ws/, 'http'), {
    headers: { Accept: 'application/nostr+json' },
  })
  return (await response.json()) as Record<string, unknown>
}

/** The built app on the fixture's port, with this runtime configuration. */
const serveApp = (port: number, world: DemoWorld, config: RuntimeConfig) =>
  startAppServer({ port, distDir: process.env.PLUME_DIST ?? 'dist', config, world })

async function expand(page: Page, url: string) {
  const toggle = relaySection(page).getByRole('button', { name: url, exact: true })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  return detailOf(page, url)
}

test("a relay's detail shows its NIP-11 document and live figures; a closed port fails, Retry recovers", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const powRelay = await launchRelay({
    name: 'PoW relay',
    info: { limitation: { min_pow_difficulty: 20, max_message_length: 65536 } },
  })
  await openApp([relay, powRelay])
  await openSettings(page)

  const served = await servedInfo(relay)
  const detail = await expand(page, relay.url)
  await expect(field(detail, 'name')).toHaveText('Plume local relay')
  await expect(field(detail, 'name')).toHaveText(String(served.name))
  await expect(field(detail, 'description')).toHaveText(String(served.description))
  await expect(field(detail, 'software')).toHaveText(`${served.software} ${served.version}`)
  await expect(field(detail, 'nips')).toHaveText('1, 9, 11, 40, 50')
  await expect(field(detail, 'contact')).toHaveText('Not stated')
  await expect(field(detail, 'max-message-length')).toHaveText('Not stated')
  await expect(field(detail, 'auth-required')).toHaveText('No')
  await expect(field(detail, 'payment-required')).toHaveText('No')
  await expect(field(detail, 'min-pow')).toHaveText('Not stated')
  await expect(field(detail, 'pow')).toHaveText('None')
  // Live figures from the pool: the feed's requests have been answered by now.
  await expect(field(detail, 'state')).toHaveText('Connected')
  await expect(field(detail, 'rate')).toHaveText(/^\d+% of \d+$/)
  await expect(field(detail, 'average')).toHaveText(/^\d+ ms$/)
  await expect(field(detail, 'rejected')).toHaveText('0')

  const powDetail = await expand(page, powRelay.url)
  await expect(field(powDetail, 'name')).toHaveText('PoW relay')
  await expect(field(powDetail, 'max-message-length')).toHaveText('65,536 bytes')
  await expect(field(powDetail, 'min-pow')).toHaveText('20 bits')
  await expect(field(powDetail, 'pow')).toHaveText('20 bits')
  // Disclosures are independent: the first stays open.
  await expect(field(detail, 'name')).toBeVisible()

  // A relay nobody listens for yet: the spec's message and a Retry that works once it is up.
  const port = await freePort()
  const closed = `ws://127.0.0.1:${port}`
  await relaySection(page).getByLabel('Add a relay').fill(closed)
  await relaySection(page).getByLabel('Add a relay').press('Enter')
  const closedDetail = await expand(page, closed)
  await expect(closedDetail.getByRole('alert')).toHaveText('Failed to load relay information')
  await expect(field(closedDetail, 'state')).not.toHaveText('Connected')
  const late = await launchRelay({ port, name: 'Late relay' })
  expect(late.url).toBe(closed)
  await closedDetail.getByRole('button', { name: 'Retry' }).click()
  await expect(field(closedDetail, 'name')).toHaveText('Late relay')
  await expect(closedDetail.getByRole('alert')).toHaveCount(0)

  // Collapsing hides the detail again.
  await relaySection(page).getByRole('button', { name: relay.url, exact: true }).click()
  await expect(detail).toHaveCount(0)
})

test('the Auxiliary Relays modal lives in the URL, shows the manager on one relay, and closes', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await openApp([relay])
  await openSettings(page)
  await relaySection(page).getByRole('button', { name: 'Auxiliary Relays' }).click()
  await expect(page).toHaveURL(/[?&]auxRelays=true/)
  const modal = page.getByRole('dialog', { name: 'Auxiliary Relays' })

  const checkOneRelay = async () => {
    await expect(field(modal, 'active')).toHaveText('1 / 15')
    // The relay proves itself as the feed's requests are answered.
    await expect(field(modal, 'reliable')).toHaveText('1 / min 5')
    for (const name of ['unhealthy', 'slow', 'unproven', 'forged']) {
      await expect(field(modal, name)).toHaveText('0')
    }
    await expect(field(modal, 'average')).toHaveText(/^\d+ ms$/)
    await expect(field(modal, 'interval')).toHaveText('every 30 s')
    // The test configuration has no recommended, fallback or blacklisted relays.
    await expect(modal.getByText('The manager has added no relay this session.')).toBeVisible()
    await expect(modal.getByText('The manager has demoted no relay this session.')).toBeVisible()
    await expect(modal.getByText('No recommended or fallback relay is left to add.')).toBeVisible()
    await expect(modal.getByText('No relay is blacklisted.')).toBeVisible()
  }
  await checkOneRelay()

  await page.reload()
  await expect(modal).toBeVisible()
  await checkOneRelay()

  await page.keyboard.press('Escape')
  await expect(modal).toHaveCount(0)
  await expect(page).not.toHaveURL(/auxRelays/)
  await expect(page).toHaveURL(/[?&]settings=true/)

  await relaySection(page).getByRole('button', { name: 'Auxiliary Relays' }).click()
  await modal.getByRole('button', { name: 'Close' }).click()
  await expect(modal).toHaveCount(0)
  await expect(page).not.toHaveURL(/auxRelays/)
})

test('the manager adds the recommended, then the fallback relay, never the blacklisted one', async ({
  page,
  launchRelay,
  appPort,
  world,
}) => {
  const [home, recommended, fallback, blacklisted] = await Promise.all([
    launchRelay(),
    launchRelay({ name: 'Recommended relay' }),
    launchRelay({ name: 'Fallback relay' }),
    launchRelay({ name: 'Blacklisted relay' }),
  ])
  const server = await serveApp(appPort, world, {
    ...localRuntimeConfig([home.url]),
    recommendedRelays: [blacklisted.url, recommended.url, home.url],
    fallbackRelays: [fallback.url],
    blacklistedRelays: [blacklisted.url],
  })
  try {
    // A fake clock that runs on its own, so the manager's 30 s evaluation can be skipped to.
    await page.clock.install()
    await page.goto(`${server.url}/?settings=true&auxRelays=true`)
    const modal = page.getByRole('dialog', { name: 'Auxiliary Relays' })
    const candidates = modal.getByRole('region', { name: /^Candidates/ })
    const blacklist = modal.getByRole('region', { name: /^Blacklist/ })
    await expect(candidates.getByRole('listitem')).toHaveText([
      `${recommended.url}Recommended`,
      `${fallback.url}Fallback`,
    ])
    await expect(blacklist.getByText('Never added automatically.', { exact: false })).toBeVisible()
    await expect(blacklist.getByRole('listitem')).toHaveText([blacklisted.url])
    await expect(field(modal, 'reliable')).toHaveText('1 / min 5')

    await page.clock.fastForward(30_000)
    const added = modal.getByRole('region', { name: /^Added by the manager/ })
    await expect(added.locator('[data-relay]')).toHaveCount(2)
    await expect(added.locator(`[data-relay="${recommended.url}"]`)).toBeVisible()
    await expect(added.locator(`[data-relay="${fallback.url}"]`)).toBeVisible()
    await expect(field(modal, 'active')).toHaveText('3 / 15')
    await expect(modal.getByText('No recommended or fallback relay is left to add.')).toBeVisible()
    await expect(blacklist.getByRole('listitem')).toHaveCount(1)

    // Relay Management lists them too; the blacklisted relay never joined.
    await page.keyboard.press('Escape')
    await expect(relaySection(page).locator(`[data-relay="${recommended.url}"]`)).toBeVisible()
    await expect(relaySection(page).locator(`[data-relay="${fallback.url}"]`)).toBeVisible()
    await expect(relaySection(page).locator(`[data-relay="${blacklisted.url}"]`)).toHaveCount(0)
  } finally {
    await server.close()
  }
})

test('a relay the client knows as an indexer is added as an indexer, any other read and write', async ({
  page,
  launchRelay,
  appPort,
  world,
}) => {
  const [home, indexer, general] = await Promise.all([
    launchRelay(),
    launchRelay({ name: 'Indexer relay' }),
    launchRelay({ name: 'General relay' }),
  ])
  const server = await serveApp(appPort, world, {
    ...localRuntimeConfig([home.url]),
    indexerRelays: [indexer.url],
  })
  try {
    await page.goto(`${server.url}/?settings=true`)
    const add = relaySection(page).getByLabel('Add a relay')
    for (const relay of [indexer, general]) {
      await add.fill(relay.url)
      await add.press('Enter')
    }
    const badge = (url: string, permission: string) =>
      relaySection(page).getByRole('button', {
        name: `Permission ${permission} for ${url}: change`,
      })
    await expect(badge(indexer.url, 'indexer')).toHaveText('I')
    await expect(badge(general.url, 'readwrite')).toHaveText('RW')
  } finally {
    await server.close()
  }
})

test('Add adds a relay; each refusal says what is wrong; ws:// elsewhere than this device becomes wss:// with a word', async ({
  page,
  launchRelay,
  appPort,
  world,
}) => {
  const [home, other] = await Promise.all([launchRelay(), launchRelay({ name: 'Other relay' })])
  const blacklisted = 'wss://blacklisted.relay.test'
  const server = await serveApp(appPort, world, {
    ...localRuntimeConfig([home.url]),
    blacklistedRelays: [blacklisted],
  })
  try {
    await page.goto(`${server.url}/?settings=true`)
    const section = relaySection(page)
    const input = section.getByLabel('Add a relay')
    const addButton = section.getByRole('button', { name: 'Add relay', exact: true })
    const listed = (url: string) => section.getByRole('button', { name: url, exact: true })

    await input.fill(other.url)
    await addButton.click()
    await expect(listed(other.url)).toBeVisible()
    await expect(input).toHaveValue('')

    for (const [typed, said] of [
      ['   ', 'Please enter a relay URL'],
      [
        'https://relay.example.com',
        'Invalid relay URL: https:// is not a relay address, relays start with wss://',
      ],
      ['wss://relay example.com', 'Invalid relay URL: it contains spaces'],
      ['wss://', 'Invalid relay URL: there is no host name'],
      [
        'wss://relay..example.com',
        'Invalid relay URL: "relay..example.com" is not a valid host name',
      ],
      [
        'wss://relay.example.com:99999',
        'Invalid relay URL: the port must be a number from 1 to 65535',
      ],
      ['wss://me@relay.example.com', 'Invalid relay URL: a relay URL has no user name or password'],
      [`${other.url}/`, 'This relay is already added'],
      [blacklisted, 'This relay is blacklisted'],
    ]) {
      await input.fill(typed!)
      await addButton.click()
      await expect(section.getByRole('alert'), typed).toHaveText(said!)
      await expect(input).toHaveValue(typed!)
    }

    // Plain ws:// only on this device (spec README decisions): elsewhere it is upgraded, and said.
    await input.fill('ws://Relay.Example.com')
    await input.press('Enter')
    await expect(listed('wss://relay.example.com')).toBeVisible()
    await expect(section.getByRole('alert')).toHaveCount(0)
    await expect(section.getByRole('status').filter({ hasText: 'Changed to' })).toHaveText(
      'Changed to wss://relay.example.com: plain ws:// is only allowed on this device',
    )
  } finally {
    await server.close()
  }
})
