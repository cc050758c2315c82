/**
 * A hostile relay in the user's pool beside a healthy one (the cases: peers/hostile-relay-cases.ts,
 * the real relay with its outgoing side altered by the fault wrapper, peers/faults.ts): a 50 MB
 * frame, 10,000 NOTICEs, a relay that streams for ever without EOSE, an event flood, events dated
 * in the future (9e12, year 2100, one naming the user), malformed JSON and wrong shapes. With each,
 * the feed shows the healthy relay's notes, /notifications renders readable rows and the JS heap
 * stays under HEAP_BOUND.
 *
 * The longest main-thread task is recorded beside each case (an annotation), not asserted: a
 * time is a measurement, not a test result (`npm run bench` measures it against the control,
 * bench/hostile-relays.ts), and on a loaded machine the app's own first seconds
 * alone ranged 92-735 ms with no hostile relay. A 50 MB text frame costs the browser itself
 * 227-1,251 ms of the thread that owns the socket before any script sees it (a bare page measured
 * here, 16 of 17 runs; one had no task over 50 ms). The app's sockets live in a worker
 * (workers/relay-sockets.worker.ts), which drops the frame there: a bare page whose socket was in a
 * worker had no main-thread task over 50 ms for it (4 runs). In the app, this case's longest
 * main-thread task measured 55-277 ms in 7 runs, 6 of them under 200 ms (the control's 56-175 ms in
 * the same runs), against 180-439 ms in 6 runs with the sockets on the main thread; all on 2 cores
 * at a load average of 2-13.
 */
import type { CDPSession, Page } from '@playwright/test'
import { npubEncode } from 'nostr-tools/nip19'
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { cases, mentionsOf } from '../peers/hostile-relay-cases.ts'
import { expectFirstRows, predictRows } from './feed-rows.ts'
import { expect, test } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'

/**
 * The JS heap after a garbage collection, at the end of each case: a healthy world measured
 * 9.2 MB (its peak before collection 12-14 MB), the hostile cases 9.2-9.7 MB; the bound is twice
 * a healthy world's, rounded up.
 */
const HEALTHY_HEAP_MB = 10
const HEAP_BOUND = 2 * HEALTHY_HEAP_MB * 1024 * 1024

/** Every long task's duration, gathered from before the app's first script. */
const watchLongTasks = (page: Page) =>
  page.addInitScript(() => {
    const tasks: Array<{ start: number; duration: number }> = []
    ;(window as unknown as { longTasks: typeof tasks }).longTasks = tasks
    new PerformanceObserver((list) => {
      for (const { startTime, duration } of list.getEntries())
        tasks.push({ start: startTime, duration })
    }).observe({ type: 'longtask', buffered: true })
  })

/** The longest task, and when it started (ms from navigation) against the app's first paint. */
const longestTask = (page: Page) =>
  page.evaluate(() => {
    const tasks = (window as unknown as { longTasks: Array<{ start: number; duration: number }> })
      .longTasks
    const longest = tasks.reduce((a, b) => (b.duration > a.duration ? b : a), {
      start: 0,
      duration: 0,
    })
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
    const list = tasks.map((t) => `${Math.round(t.start)}+${Math.round(t.duration)}`).join(' ')
    return { ...longest, paint, list }
  })

async function heapUsed(cdp: CDPSession, collect: boolean): Promise<number> {
  if (collect) await cdp.send('HeapProfiler.collectGarbage')
  const { metrics } = await cdp.send('Performance.getMetrics')
  return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0
}

/** The longest task of a bare page (no app) whose socket to `url` gets the relay's answer to a REQ. */
async function browserFloor(page: Page, url: string): Promise<number> {
  // A page of the relay's own origin (its NIP-11 answer): loopback to loopback, like the app.
  await page.goto(url.replace(/^ws/, 'http'))
  return page.evaluate(
    (relay) =>
      new Promise<number>((done) => {
        const tasks: number[] = []
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration)
        }).observe({ type: 'longtask' })
        const socket = new WebSocket(relay)
        socket.onerror = () => done(-1)
        socket.onopen = () => socket.send(JSON.stringify(['REQ', 'floor', { limit: 1 }]))
        socket.onmessage = () => {
          socket.onmessage = null
          setTimeout(() => {
            socket.close()
            done(Math.max(0, ...tasks))
          }, 1000)
        }
      }),
    url,
  )
}

async function logInReadOnly(page: Page, npub: string) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByLabel('Public key (read only)').fill(npub)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByTestId('key-status')).toHaveText('Using Public Key Only')
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Back', exact: true })
    .click()
}

const MB = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

for (const [label, make] of cases) {
  test(`hostile relay: ${label}`, async ({ page, launchRelay, openApp, world }) => {
    test.setTimeout(180_000)
    const made = make()
    const name = made?.name ?? label
    const userKey = generateSecretKey()
    const user = getPublicKey(userKey)
    // Two mentions of the user on the healthy relay: rows /notifications must show.
    const mentions = mentionsOf(user)
    const healthy = await launchRelay({ seed: [...world.events, ...mentions] })
    const relays = [healthy]
    if (made) relays.push(await launchRelay({ seed: [], faults: made.faults(user) }))

    await watchLongTasks(page)
    await showEveryNote(page)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable')
    let peak = 0
    const sample = async () => {
      peak = Math.max(peak, await heapUsed(cdp, false))
    }
    await openApp(relays)

    // The feed: the healthy relay's newest rows, in order.
    await expectFirstRows(page, predictRows(healthy.events()), 3)
    await sample()
    made?.reading?.()

    // Notifications: both mentions, readable.
    await logInReadOnly(page, npubEncode(user))
    await page
      .locator('header')
      .getByRole('link', { name: /^Notifications/ })
      .click()
    const rows = page.locator('.notification-list > li')
    for (const mention of mentions) {
      await expect(rows.filter({ hasText: mention.content.slice(-9) })).toBeVisible({
        timeout: 20_000,
      })
    }
    await expect(rows).toHaveCount(mentions.length)
    await sample()

    // Back to the feed, which still reads: the healthy rows, or after a flood its valid notes
    // (they are the newest) above them.
    await page.locator('header').getByRole('link', { name: 'Plume, home feed' }).click()
    if (made?.reading) {
      await expect
        .poll(() => page.getByRole('feed').getByRole('article').count())
        .toBeGreaterThan(3)
    } else await expectFirstRows(page, predictRows(healthy.events()), 3)
    await sample()

    const { duration: longest, start, paint, list } = await longestTask(page)
    const retained = await heapUsed(cdp, true)
    const floor = made?.floor
      ? await browserFloor(await page.context().newPage(), relays[1]!.url)
      : 0
    test.info().annotations.push({
      type: 'main thread',
      description: `${name}: longest task ${Math.round(longest)} ms at ${Math.round(start)} (first paint ${Math.round(paint)}; all ${list}), heap peak ${MB(peak)} MB, after GC ${MB(retained)} MB${floor ? `; a bare page's longest task for the same frame ${Math.round(floor)} ms` : ''}`,
    })
    expect(retained, 'the JS heap after GC (bytes)').toBeLessThan(HEAP_BOUND)
  })
}
