import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { localRuntimeConfig } from '../../src/core/platform/runtime-config.ts'
import { EVALUATE_INTERVAL_MS } from '../../src/machines/relay-manager.machine.ts'
import { byAuthors } from '../peers/faults.ts'
import { scrollUntilFailed } from './feed-failed.ts'
import { expect, relayLight, test } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'

/** Every frame of the slow relay waits this long: well above a local relay's answer. */
const SLOW_MS = 1500

test('five relays: the feed loads from the healthy ones, health sorts them, the manager demotes the forger', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // The manager's first evaluation comes 30 s after start.
  test.setTimeout(EVALUATE_INTERVAL_MS + 60_000)
  const mallory = generateSecretKey()
  const good = await launchRelay()
  const other = await launchRelay()
  const stopped = await launchRelay({ seed: [] })
  await stopped.stop()
  const evil = await launchRelay({
    seed: [],
    faults: { corruptSignatures: byAuthors(getPublicKey(mallory)) },
  })
  const slow = await launchRelay({ faults: { delayMs: SLOW_MS } })
  const relays = [good, other, stopped, evil, slow]
  await showEveryNote(page)
  await openApp(relays)

  // The feed loads from the relays that work.
  await expect.poll(() => page.getByRole('feed').getByRole('article').count()).toBeGreaterThan(9)
  for (const relay of [good, other, evil, slow]) {
    await expect(relayLight(page, relay.url)).toHaveAttribute('data-state', 'connected')
  }
  await expect(relayLight(page, stopped.url)).toHaveAttribute('data-state', 'disconnected', {
    timeout: 20_000,
  })

  // Forged notes through the live subscription, each a failed request for the relay.
  const forged: string[] = []
  const forge = async () => {
    const content = `Forged note ${forged.length + 1}`
    forged.push(content)
    const event = finalizeEvent(
      { kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content },
      mallory,
    )
    await evil.publish(event)
  }
  for (let i = 0; i < 3; i++) await forge()

  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Relay health' }).click()
  await expect(page).toHaveURL(/relayHealth=true/)
  const row = (url: string) => page.locator(`.health-row[data-relay="${url}"]`)
  const field = (url: string, name: string) => row(url).locator(`[data-field="${name}"]`)
  const number = async (url: string, name: string) =>
    Number.parseInt((await field(url, name).textContent()) ?? '', 10)

  // Healthy: the two good relays and the slow one, whose average shows its delay.
  for (const relay of [good, other]) await expect(row(relay.url)).toBeVisible()
  // Two answers make a relay healthy; at 1.5 s a frame the slow one takes longer on a busy machine.
  await expect(row(slow.url)).toBeVisible({ timeout: 40_000 })
  await expect(row(stopped.url)).toHaveCount(0)
  // Three failures in a row make a relay unhealthy; the app's own queries answered in between
  // may break a run, so the forger keeps forging until it is judged.
  await expect
    .poll(
      async () => {
        if ((await row(evil.url).count()) === 0) return 'unhealthy'
        await forge()
        return 'healthy'
      },
      { intervals: [500], timeout: 20_000 },
    )
    .toBe('unhealthy')
  expect(await number(slow.url, 'average')).toBeGreaterThanOrEqual(SLOW_MS)
  expect(await number(good.url, 'average')).toBeLessThan(SLOW_MS)
  await expect(field(good.url, 'rate')).toHaveText('100%')
  await page.screenshot({ path: 'test-results/screenshots/relay-health-healthy.png' })

  // Unhealthy: the stopped relay (never answered) and the forger.
  await page.getByRole('tab', { name: 'Unhealthy' }).click()
  await expect(row(stopped.url)).toBeVisible()
  await expect(field(stopped.url, 'rate')).toHaveText('0%')
  await expect(field(stopped.url, 'average')).toHaveText('—')
  await expect(row(stopped.url)).toContainText('Last success')
  await expect(row(stopped.url).locator('dd').nth(3)).toHaveText('Never')
  // The forger is listed here until the manager removes it from the pool (its light goes): on a
  // slow run its first evaluation (30 s after start) may already have come, which the checks
  // below cover. One answer to the app's own queries makes it healthy again (it has had two
  // successes), so it forges until it shows here.
  const forgerGone = async () => (await relayLight(page, evil.url).count()) === 0
  // Its row read in one go, not field by field: it may leave the tab between two reads.
  const forgerRow = () =>
    row(evil.url).evaluateAll((rows) =>
      rows.map((listed) =>
        Object.fromEntries(
          ['rate', 'requests'].map((name) => [
            name,
            Number.parseInt(listed.querySelector(`[data-field="${name}"]`)?.textContent ?? '', 10),
          ]),
        ),
      ),
    )
  let listed: Record<string, number> | undefined
  await expect
    .poll(
      async () => {
        if (await forgerGone()) return 'listed or gone'
        ;[listed] = await forgerRow()
        if (listed) return 'listed or gone'
        await forge()
        return 'healthy again'
      },
      { intervals: [500], timeout: 20_000 },
    )
    .toBe('listed or gone')
  if (listed) {
    expect(listed.rate).toBeLessThan(100)
    expect(listed.requests).toBeGreaterThanOrEqual(forged.length)
  }
  for (const relay of [good, other, slow]) await expect(row(relay.url)).toHaveCount(0)
  await page.screenshot({ path: 'test-results/screenshots/relay-health-unhealthy.png' })
  await page.keyboard.press('Escape')

  // At its next evaluation the dynamic manager removes the forger, and only the forger.
  await expect(page.locator(`.relay-setting[data-relay="${evil.url}"]`)).toHaveCount(0, {
    timeout: EVALUATE_INTERVAL_MS + 5_000,
  })
  await expect(relayLight(page, evil.url)).toHaveCount(0)
  for (const relay of [good, other, stopped, slow]) {
    await expect(page.locator(`.relay-setting[data-relay="${relay.url}"]`)).toHaveCount(1)
  }
  for (const content of forged) await expect(page.getByText(content)).toHaveCount(0)

  // The Auxiliary Relays modal says what the manager did and why.
  await page.getByRole('button', { name: 'Auxiliary Relays' }).click()
  const demoted = page.getByRole('region', { name: /^Demoted/ })
  await expect(demoted.locator(`[data-relay="${evil.url}"] [data-field="reason"]`)).toHaveText(
    'sent forged events',
  )
  await expect(page.locator('[data-tile="forged"] dd')).toHaveText('0')
  await page.screenshot({ path: 'test-results/screenshots/aux-relays-demoted.png' })
})

test('relays the app asks all going silent at once are kept: the network failed, not they', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // Past the manager's first evaluation, 30 s after start.
  test.setTimeout(EVALUATE_INTERVAL_MS + 60_000)
  const [first, second, indexer] = await Promise.all([launchRelay(), launchRelay(), launchRelay()])
  const readRelays = [first, second]
  await showEveryNote(page)
  await openApp(readRelays, '/', {
    config: {
      ...localRuntimeConfig(readRelays.map((relay) => relay.url)),
      relays: [
        ...readRelays.map(({ url }) => ({ url, permission: 'readwrite' as const })),
        { url: indexer.url, permission: 'indexer' },
      ],
      indexerRelays: [indexer.url],
    },
  })
  await expect.poll(() => page.getByRole('feed').getByRole('article').count()).toBeGreaterThan(5)
  // The indexer answers the rows' profiles, twice at least: reliable on its record from then on.
  // A screen's profiles come in one request, so the second is for rows further down.
  await expect.poll(() => indexer.stats().reqs).toBeGreaterThanOrEqual(1)
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect.poll(() => indexer.stats().reqs, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)

  // Out of reach: the read relays lose every answer; the indexer is not asked meanwhile.
  for (const relay of readRelays) relay.setFaults({ dropAll: true })
  const failed = await scrollUntilFailed(page)
  // Each read relay failed three times in a row (three pages); the manager evaluates meanwhile.
  await page.waitForTimeout(EVALUATE_INTERVAL_MS + 5_000)
  for (const relay of readRelays) await expect(relayLight(page, relay.url)).toHaveCount(1)
  await expect(page.getByText('No relays configured', { exact: false })).toHaveCount(0)

  // Back in reach: Try again goes on.
  for (const relay of readRelays) relay.setFaults(undefined)
  const shown = await page.getByRole('feed').getByRole('article').count()
  await failed.getByRole('button', { name: 'Try again' }).click()
  await expect
    .poll(() => page.getByRole('feed').getByRole('article').count())
    .toBeGreaterThan(shown)
})
