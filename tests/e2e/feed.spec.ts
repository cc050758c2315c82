import { hexToBytes } from '@noble/hashes/utils.js'
import { neventEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { byAuthors } from '../peers/faults.ts'
import { predictRows } from './feed-rows.ts'
import { expect, relayLight, test } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'
import { watchRequests } from './sent-requests.ts'
import { controlled } from './service-worker.ts'

/** A kind-1 note signed now. */
const textNote = (key: Uint8Array, content: string, ago = 0) =>
  finalizeEvent(
    { kind: 1, created_at: Math.floor(Date.now() / 1000) - ago, tags: [], content },
    key,
  )

const feed = (page: import('@playwright/test').Page) => page.getByRole('feed')

test('shows the seeded feed: names, pictures, times and content from the local relay', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  await openApp([relay])
  const notes = feed(page).getByRole('article')
  await expect(notes.first()).toBeVisible()
  await expect.poll(() => notes.count()).toBeGreaterThanOrEqual(10)

  // The newest row the relay holds is first (a note, or a repost showing its note), with the
  // note's author's kind-0 name and picture.
  const row = predictRows(relay.events())[0]!
  const newest = relay.events().find((e) => e.id === row.noteId)!
  const profile = relay.events().find((e) => e.kind === 0 && e.pubkey === newest.pubkey)!
  const { display_name, picture } = JSON.parse(profile.content) as Record<string, string>
  const first = notes.first()
  await expect(first).toHaveAttribute('data-note-id', newest.id)
  await expect(first.getByRole('heading')).toHaveText(display_name!)
  await expect(first.locator('img.avatar')).toHaveAttribute('src', picture!)
  await expect(first.locator('time')).toHaveText(/^(now|\d+[mhd])$/)
  await expect(relayLight(page, relay.url)).toHaveAttribute('data-state', 'connected')
  await page.screenshot({ path: 'test-results/screenshots/feed.png' })
})

test('a relay that goes away: the light turns red, the app reconnects, notes published meanwhile arrive once', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  await openApp([relay])
  const notes = feed(page).getByRole('article')
  await expect.poll(() => notes.count()).toBeGreaterThanOrEqual(10)
  const light = relayLight(page, relay.url)
  await expect(light).toHaveAttribute('data-state', 'connected')

  await relay.stop()
  await expect(light).toHaveAttribute('data-state', 'disconnected')

  const author = hexToBytes(world.accounts[1]!.secretKeyHex)
  const meanwhile = textNote(author, 'Published while the relay was away')
  await relay.publish(meanwhile)
  await relay.start()

  await expect(light).toHaveAttribute('data-state', 'connected', { timeout: 20_000 })
  await expect(page.locator(`[data-note-id="${meanwhile.id}"]`)).toHaveCount(1)

  const live = textNote(author, 'Published after it came back')
  await relay.publish(live)
  await expect(page.locator(`[data-note-id="${live.id}"]`)).toHaveCount(1)

  // No row is shown twice (a repost row shows a note that may also have its own row).
  const ids = await notes.evaluateAll((articles) =>
    articles.map((a) => a.getAttribute('data-repost-id') ?? a.getAttribute('data-note-id')),
  )
  expect(new Set(ids).size).toBe(ids.length)
})

test("the browser's network comes back: a relay waiting out its reconnect backoff connects at once", async ({
  page,
  context,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await openApp([relay])
  const light = relayLight(page, relay.url)
  await expect(light).toHaveAttribute('data-state', 'connected')
  // The app's code is kept by the service worker from here on: offline, nothing fails to load.
  await controlled(page)

  // Offline, the relay gone with it: the socket's reconnect tries wait 3 s, then 6 s, then 9 s
  // (socket.machine.ts). 10 s on, its next try is some 8 s away.
  await context.setOffline(true)
  await relay.stop()
  await expect(light).not.toHaveAttribute('data-state', 'connected')
  await page.waitForTimeout(10_000)
  await relay.start()
  await context.setOffline(false)
  await expect(light).toHaveAttribute('data-state', 'connected', { timeout: 3_000 })
})

test('a relay that sends a bad signature: the event is never shown and the count says so', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const mallory = generateSecretKey()
  const good = await launchRelay()
  const evil = await launchRelay({
    seed: [],
    faults: { corruptSignatures: byAuthors(getPublicKey(mallory)) },
  })
  await showEveryNote(page)
  await openApp([good, evil])
  await expect.poll(() => feed(page).getByRole('article').count()).toBeGreaterThanOrEqual(10)
  await expect(relayLight(page, evil.url)).toHaveAttribute('data-state', 'connected')

  // Signed correctly and stored; the lying relay corrupts its signature on the way to the app,
  // through the live subscription both relays serve.
  const forged = textNote(mallory, 'Forged note that must never appear')
  await evil.publish(forged)
  await page.getByRole('button', { name: 'Relay Status' }).click()
  const evilRow = page.locator(`.relay-row[data-relay="${evil.url}"]`)
  await expect(evilRow.getByTestId('rejected-count')).toHaveText(
    '1 event dropped: invalid signature',
  )
  await expect(
    page.locator(`.relay-row[data-relay="${good.url}"]`).getByTestId('rejected-count'),
  ).toHaveCount(0)
  await expect(page.getByText('Forged note that must never appear')).toHaveCount(0)
  await expect(page.locator(`[data-note-id="${forged.id}"]`)).toHaveCount(0)
})

test('a forged event among the stored events is dropped and its honest neighbours shown', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // Stored notes from one relay, the fourth newest with its signature changed on the way, sent to
  // the verify worker together (a page of 10: checked one by one there; a larger batch from one
  // relay is note.spec's thread of replies).
  const authors = [generateSecretKey(), generateSecretKey(), generateSecretKey()]
  const notes = Array.from({ length: 24 }, (_, i) =>
    textNote(authors[i % 3]!, `Batch neighbour ${i + 1}`, 60 * (i + 1)),
  )
  const forged = notes[3]!
  const relay = await launchRelay({
    seed: notes,
    faults: { corruptSignatures: (event) => event.id === forged.id },
  })
  await showEveryNote(page)
  await openApp([relay])
  // The newest rows, on the first screen: the forgery's place is taken by the next note.
  const rows = feed(page).getByRole('article')
  const shown = notes.filter((note) => note !== forged).slice(0, 6)
  await expect
    .poll(() => rows.evaluateAll((all) => all.slice(0, 6).map((a) => a.dataset.noteId)))
    .toEqual(shown.map((note) => note.id))
  await expect(page.getByText(forged.content, { exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: 'Relay Status' }).click()
  await expect(
    page.locator(`.relay-row[data-relay="${relay.url}"]`).getByTestId('rejected-count'),
  ).toHaveText('1 event dropped: invalid signature')
})

test("a page's rows ask for their profiles and quoted notes together, a quote's author with it", async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  // The newest note quotes an old one by someone who appears nowhere else: their profile can be
  // asked for with the page only from the quote's q tag, not once the quoted note has arrived.
  const quoted = generateSecretKey()
  const old = textNote(quoted, 'An old note worth quoting', 365 * 24 * 3600)
  const quote = finalizeEvent(
    {
      kind: 1,
      created_at: Math.floor(Date.now() / 1000),
      tags: [['q', old.id, relay.url, getPublicKey(quoted)]],
      content: `Still true. nostr:${neventEncode({ id: old.id })}`,
    },
    generateSecretKey(),
  )
  const profile = finalizeEvent(
    { kind: 0, created_at: old.created_at, tags: [], content: '{"name":"Quoted"}' },
    quoted,
  )
  for (const event of [old, quote, profile]) await relay.publish(event)
  const sent = watchRequests(page)
  await showEveryNote(page)
  await openApp([relay])
  const notes = feed(page).getByRole('article')
  await expect.poll(() => notes.count()).toBeGreaterThanOrEqual(10)
  await expect(notes.first().locator('.note-quote-author')).toHaveText('Quoted')

  // The first page's rows: their authors, reposters, quoted notes and quotes' authors.
  const events = relay.events()
  const byId = new Map(events.map((event) => [event.id, event]))
  const rows = predictRows(events).slice(0, 10)
  expect(rows[0]?.id).toBe(quote.id)
  const shown = rows.map((row) => byId.get(row.noteId)!)
  const quotes = shown.flatMap((note) => note.tags.filter((tag) => tag[0] === 'q'))
  const pubkeys = new Set([
    ...rows.map((row) => row.author),
    ...shown.map((note) => note.pubkey),
    ...quotes.map((tag) => tag[3]!),
  ])

  // The quoted author's profile is asked for from the q tag, in the same REQ as the quoted note
  // (asked for row by row, it could only follow the note's answer). The live REQ may bring the
  // quote before its page does, so the page's other profiles may come in a REQ of their own.
  type Filter = { kinds?: number[]; authors?: string[]; ids?: string[] }
  const filtersOf = (frame: string) => (JSON.parse(frame) as unknown[]).slice(2) as Filter[]
  const profileReqs = () =>
    sent.map(filtersOf).filter((filters) => filters.some((f) => f.kinds?.[0] === 0))
  const namesQuoted = (filters: Filter[]) =>
    filters.some((f) => f.kinds?.[0] === 0 && f.authors?.includes(getPublicKey(quoted)))
  const withQuoted = profileReqs().find(namesQuoted)
  expect(withQuoted?.find((f) => f.kinds?.[0] === 1)?.ids ?? []).toContain(old.id)
  // That REQ was answered (the name shows); the page's own asks go once its rows have drawn and
  // the asks have settled, so they are waited for.
  const unasked = () => {
    const authors = profileReqs().flatMap((filters) =>
      filters.flatMap((f) => (f.kinds?.[0] === 0 ? (f.authors ?? []) : [])),
    )
    return [...pubkeys].filter((pubkey) => !authors.includes(pubkey))
  }
  await expect.poll(unasked).toEqual([])
})

/**
 * Records every call that starts ICU: Intl's constructors and the locale-aware methods. A page's
 * first such call loads ICU's locale data, 25-140 ms of main thread on the test host.
 */
const RECORD_ICU_CALLS = `
  window.__icuCalls = []
  const record = (name) => window.__icuCalls.push(name)
  for (const name of Object.getOwnPropertyNames(Intl)) {
    const original = Intl[name]
    if (typeof original !== 'function') continue
    Intl[name] = new Proxy(original, {
      construct: (target, args, newTarget) => (record('Intl.' + name), Reflect.construct(target, args, newTarget)),
      apply: (target, self, args) => (record('Intl.' + name), Reflect.apply(target, self, args)),
    })
  }
  const locale = [
    [String.prototype, ['localeCompare', 'toLocaleLowerCase', 'toLocaleUpperCase']],
    [Number.prototype, ['toLocaleString']],
    [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
    [Array.prototype, ['toLocaleString']],
  ]
  for (const [prototype, names] of locale) {
    for (const name of names) {
      const original = prototype[name]
      prototype[name] = function (...args) {
        record(name)
        return original.apply(this, args)
      }
    }
  }
`

test('a first visit shows the feed, its times and dates without starting ICU', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await page.addInitScript(RECORD_ICU_CALLS)
  await openApp([relay])
  const notes = feed(page).getByRole('article')
  await expect(notes.first()).toBeVisible()
  // Every card has its time and, for a tooltip, the full date.
  await expect(notes.first().locator('time')).toHaveAttribute(
    'title',
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
  )
  // The rows' lazy parts (actions, zap totals, pictures) have loaded and drawn.
  await page.waitForLoadState('networkidle')
  expect(
    await page.evaluate(() => (window as unknown as { __icuCalls: string[] }).__icuCalls),
  ).toEqual([])
})
