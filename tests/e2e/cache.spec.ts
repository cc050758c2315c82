import type { Page } from '@playwright/test'
import { expect, type TestFixtures, test } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'
import { record } from './stored-cache.ts'

const articles = (page: Page) => page.getByRole('feed').getByRole('article')

interface StoredRecord {
  buster: string
  timestamp: number
  clientState: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> }
}

/** The feed's data in the stored record, as text (empty when none was saved yet). */
const storedFeed = async (page: Page): Promise<string> => {
  const stored = (await record.read(page)) as StoredRecord | null
  const feed = stored?.clientState.queries.filter((query) => query.queryKey[0] === 'feed')
  return JSON.stringify(feed?.map((query) => query.state.data) ?? [])
}

type Opening = Pick<TestFixtures, 'launchRelay' | 'openApp'> & { page: Page }

/** The app open on a relay's notes, once the stored record holds the feed's first note. */
async function openSaved({ page, launchRelay, openApp }: Opening) {
  const relay = await launchRelay()
  await showEveryNote(page)
  const app = await openApp([relay])
  await expect.poll(() => articles(page).count()).toBeGreaterThan(0)
  const first = await articles(page).first().getAttribute('data-note-id')
  if (!first) throw new Error('the first row names no note')
  // Saved within a couple of seconds of the last change. A save may come before the feed's
  // notes do (the start-up script's rows show before the app holds them): wait for them.
  await expect.poll(() => storedFeed(page), { timeout: 10_000 }).toContain(first)
  return { relay, app, first }
}

test('a warm start paints the notes of the last visit before any relay answers', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const { relay, first } = await openSaved({ page, launchRelay, openApp })

  // The relay now swallows every answer: only the cache can paint the feed.
  relay.setFaults({ dropAll: true })
  await page.reload()
  await expect(articles(page).first()).toHaveAttribute('data-note-id', first)
})

/** The thread queries in the stored record: one for each thread the app opened and holds. */
const storedThreads = async (page: Page): Promise<number> => {
  const stored = (await record.read(page)) as StoredRecord | null
  return stored?.clientState.queries.filter((query) => query.queryKey[0] === 'thread').length ?? 0
}

test('a change not yet saved is saved when the page is hidden: leaving at once keeps it', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const { app } = await openSaved({ page, launchRelay, openApp })
  expect(await storedThreads(page)).toBe(0)

  // Opening a note adds its thread to the cache; the page is left before a timed save (2 s).
  await articles(page).first().locator('.note-text').first().click()
  await expect(page.getByRole('feed', { name: 'Thread' })).toHaveAttribute('aria-busy', 'false')
  await page.goto(`${app.url}/manifest.webmanifest`)
  await expect.poll(() => storedThreads(page), { timeout: 5_000 }).toBeGreaterThan(0)
})

const GHOST = 'Ghost note that only the stored cache knows'

/** The first note (an object with an id and content) in cached query data, depth first. */
function firstNote(data: unknown): { content: string } | null {
  if (typeof data !== 'object' || data === null) return null
  if ('id' in data && 'content' in data && typeof data.content === 'string') {
    return data as { content: string }
  }
  for (const value of Object.values(data)) {
    const found = firstNote(value)
    if (found) return found
  }
  return null
}

/** The record with the newest feed note's text replaced, to tell a loaded cache from the relay. */
function withGhost(stored: StoredRecord): StoredRecord {
  const copy = structuredClone(stored)
  const feed = copy.clientState.queries.find((query) => query.queryKey[0] === 'feed')
  const note = firstNote(feed?.state.data)
  if (!note) throw new Error('no feed note in the stored cache')
  note.content = GHOST
  return copy
}

test('a stored cache from another version, an old one or a corrupted one is removed; the app starts', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const { relay } = await openSaved({ page, launchRelay, openApp })
  const ghost = withGhost((await record.read(page)) as StoredRecord)
  const warnings: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
  })
  const app = page.url()
  const visit = async (value: unknown) => {
    // Written from a page of the app's origin where the app does not run: the running app saves
    // its cache as it changes (its refetches after a warm start), and could write over this one.
    await page.goto(new URL('/manifest.webmanifest', app).href)
    await record.write(page, value)
    await page.goto(app)
    await expect.poll(() => articles(page).count(), { timeout: 15_000 }).toBeGreaterThan(0)
  }

  // Control: a current record is loaded, so its ghost shows. The relay keeps quiet meanwhile: a
  // loaded cache is refetched as the feed opens, and the relay's answer would replace the ghost.
  relay.setFaults({ dropAll: true })
  await visit({ ...ghost, timestamp: Date.now() })
  // A reposted note shows in its repost's row too.
  await expect(page.getByText(GHOST).first()).toBeVisible()
  relay.setFaults(undefined)

  for (const stale of [
    { ...ghost, buster: 'plume-0', timestamp: Date.now() },
    { ...ghost, timestamp: Date.now() - 25 * 3600_000 },
    { buster: ghost.buster, clientState: ghost.clientState },
  ]) {
    await visit(stale)
    await expect(page.getByText(GHOST)).toHaveCount(0)
  }

  // Queries that cannot be hydrated: the load fails, the record goes, the failure is reported.
  await visit({ ...ghost, timestamp: Date.now(), clientState: { queries: 'not a list' } })
  await expect(page.getByText(GHOST)).toHaveCount(0)
  expect(warnings.some((text) => text.startsWith('Stored query cache removed:'))).toBe(true)
})
