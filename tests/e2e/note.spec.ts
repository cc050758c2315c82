/**
 * A note and its thread on the seeded relay: by note1 and nevent, root and parents above, replies
 * below in order, live replies, the invalid and the absent note, the thread modal over the feed,
 * deep links, and hostile content that must stay inert text.
 */
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js'
import type { Locator, Page } from '@playwright/test'
import { neventEncode, noteEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { QUERY_STALE_MS } from '../../src/actors/app/query-client.ts'
import {
  FAILED_TO_LOAD_REPLIES,
  REPLIES_NOT_CHECKED,
} from '../../src/core/relays/relay-messages.ts'
import { silentOn } from '../peers/faults.ts'
import type { RelayHandle } from '../peers/relay.ts'
import { expect, test } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'

const thread = (scope: Page | Locator) => scope.getByRole('feed', { name: 'Thread' })
const ids = (feed: Locator) =>
  feed
    .getByRole('article')
    .evaluateAll((articles) => articles.map((a) => a.getAttribute('data-note-id')))

const marker = (event: NostrEvent, name: string) =>
  event.tags.find((t) => t[0] === 'e' && t[3] === name)?.[1]

/** A seeded reply to a reply (so root and parent differ), preferring one that has replies. */
function seededDeepReply(relay: RelayHandle) {
  const notes = relay.events().filter((e) => e.kind === 1)
  const byId = new Map(notes.map((n) => [n.id, n]))
  const deep = notes.filter((n) => {
    const parent = marker(n, 'reply')
    const root = marker(n, 'root')
    return parent && root && parent !== root && byId.has(parent) && byId.has(root)
  })
  const children = (id: string) => notes.filter((n) => marker(n, 'reply') === id)
  const focused = deep.find((n) => children(n.id).length > 0) ?? deep[0]
  if (!focused) throw new Error('the demo world has no reply to a reply')
  return {
    focused,
    root: byId.get(marker(focused, 'root')!)!,
    parent: byId.get(marker(focused, 'reply')!)!,
  }
}

/** The ids from the root down to `note`, each note's parent (NIP-10 reply marker) above it. */
function ancestors(relay: RelayHandle, note: NostrEvent, rootId: string): string[] {
  const byId = new Map(relay.events().map((event) => [event.id, event]))
  const chain: string[] = []
  for (let at: NostrEvent | undefined = note; at; ) {
    chain.unshift(at.id)
    if (at.id === rootId) break
    at = byId.get(marker(at, 'reply') ?? rootId)
  }
  return chain
}

const now = () => Math.floor(Date.now() / 1000)

/** A note signed now, and a reply to it (NIP-10 root), both by `key`. */
function questionAndAnswer(key: Uint8Array, asked: string, answered: string) {
  const question = finalizeEvent({ kind: 1, created_at: now(), content: asked, tags: [] }, key)
  const answer = finalizeEvent(
    {
      kind: 1,
      created_at: now(),
      content: answered,
      tags: [
        ['e', question.id, '', 'root', question.pubkey],
        ['p', question.pubkey],
      ],
    },
    key,
  )
  return { question, answer }
}
const replyTo = (
  key: Uint8Array,
  root: NostrEvent,
  parent: NostrEvent,
  content: string,
  created_at = now(),
) =>
  finalizeEvent(
    {
      kind: 1,
      created_at,
      content,
      tags: [
        ['e', root.id, '', 'root', root.pubkey],
        ['e', parent.id, '', 'reply', parent.pubkey],
        ['p', parent.pubkey],
      ],
    },
    key,
  )

test('a seeded reply by note1: root and parent above, replies below oldest first, new ones live', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const { focused, root, parent } = seededDeepReply(relay)
  const key = hexToBytes(world.accounts[2]!.secretKeyHex)
  // Published before the page opens, out of order: the page must sort them.
  const later = replyTo(key, root, focused, 'A later reply', now() - 60)
  const earlier = replyTo(key, root, focused, 'An earlier reply', now() - 3600)
  const deeper = replyTo(key, root, earlier, 'An answer to the earlier reply', now() - 1800)
  for (const event of [later, earlier, deeper]) await relay.publish(event)

  await openApp([relay], `/note/${noteEncode(focused.id)}`)
  const feed = thread(page)
  await expect(page.locator('.thread-focused [data-note-id]')).toHaveAttribute(
    'data-note-id',
    focused.id,
  )
  await expect(feed.locator(`[data-note-id="${deeper.id}"]`)).toBeVisible()

  // Everything that answers the focused note, oldest first; deeper answers under their branch.
  const direct = relay
    .events()
    .filter((e) => e.kind === 1 && marker(e, 'reply') === focused.id)
    .sort((a, b) => a.created_at - b.created_at || a.id.localeCompare(b.id))
  const order = await ids(feed)
  // Above: the root, then each note down to the parent (the parent may answer another reply).
  const above = ancestors(relay, parent, root.id)
  expect(above[0]).toBe(root.id)
  expect(order.slice(0, above.length + 1)).toEqual([...above, focused.id])
  const repliesShown = await feed
    .locator('.thread-reply [data-note-id]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-note-id')))
  expect(repliesShown).toEqual(direct.map((e) => e.id))
  await expect(feed.locator(`.thread-descendants [data-note-id="${deeper.id}"]`)).toBeVisible()

  await page.screenshot({ path: test.info().outputPath('note-1280.png'), fullPage: true })

  // Live: a reply published now appears without a reload, last (newest).
  const live = replyTo(key, root, focused, 'Published while the page is open')
  await relay.publish(live)
  await expect(feed.locator(`[data-note-id="${live.id}"]`)).toHaveCount(1)
  const after = await feed
    .locator('.thread-reply [data-note-id]')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-note-id')))
  expect(after.at(-1)).toBe(live.id)

  // Reload on the deep link: the same thread comes back.
  await page.reload()
  await expect(page.locator('.thread-focused [data-note-id]')).toHaveAttribute(
    'data-note-id',
    focused.id,
  )
  await expect(thread(page).locator(`[data-note-id="${root.id}"]`)).toBeVisible()

  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: test.info().outputPath('note-390.png'), fullPage: true })
})

test('by nevent with a relay hint; clicking a parent opens its page', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const { focused, root, parent } = seededDeepReply(relay)
  await openApp(
    [relay],
    `/note/${neventEncode({ id: focused.id, relays: [relay.url], author: focused.pubkey })}`,
  )
  await expect(page.locator('.thread-focused [data-note-id]')).toHaveAttribute(
    'data-note-id',
    focused.id,
  )
  await expect(thread(page).locator(`[data-note-id="${root.id}"]`)).toBeVisible()

  await thread(page).locator(`[data-note-id="${parent.id}"] .note-text`).click()
  await expect(page).toHaveURL(new RegExp(`/note/${noteEncode(parent.id)}$`))
  await expect(page.locator('.thread-focused [data-note-id]')).toHaveAttribute(
    'data-note-id',
    parent.id,
  )
  await expect(thread(page).locator(`[data-note-id="${focused.id}"]`)).toBeVisible()
})

test('a legacy thread in positional e tags: each missing parent is fetched by id up to the root', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const key = generateSecretKey()
  const at = now() - 600
  const legacy = (content: string, ago: number, parent?: NostrEvent) =>
    finalizeEvent(
      { kind: 1, created_at: at - ago, content, tags: parent ? [['e', parent.id]] : [] },
      key,
    )
  // One e tag each: every note names only its parent, never the root.
  const root = legacy('Legacy root', 40)
  const first = legacy('Legacy first reply', 30, root)
  const second = legacy('Legacy second reply', 20, first)
  const third = legacy('Legacy third reply', 10, second)
  for (const event of [root, first, second, third]) await relay.publish(event)

  await openApp([relay], `/note/${noteEncode(third.id)}`)
  const feed = thread(page)
  await expect(feed.locator(`[data-note-id="${root.id}"]`)).toBeVisible()
  expect(await ids(feed)).toEqual([root.id, first.id, second.id, third.id])
  await expect(page.locator('.thread-gap')).toHaveCount(0)

  // A parent no relay has: a marked gap above the note, not an endless wait.
  const lost = legacy('Never published', 35)
  const orphan = finalizeEvent(
    {
      kind: 1,
      created_at: at,
      content: 'Answering a note that is gone',
      tags: [
        ['e', root.id, '', 'root'],
        ['e', lost.id, '', 'reply'],
      ],
    },
    key,
  )
  await relay.publish(orphan)
  await page.goto(page.url().replace(noteEncode(third.id), noteEncode(orphan.id)))
  await expect(feed.locator('.thread-gap')).toHaveText('Earlier note not found')
  expect(await ids(feed)).toEqual([root.id, null, orphan.id])
  await expect(feed).toHaveAttribute('aria-busy', 'false')
  await page.screenshot({ path: test.info().outputPath('note-gap-1280.png') })
})

test('an id that does not decode, and a note no relay has', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const app = await openApp([relay], '/note/not-a-note-id')
  await expect(page.getByRole('alert')).toHaveText('Invalid note id')
  // A valid bech32 string of another kind is not a note either.
  await page.goto(`${app.url}/note/${world.accounts[0]!.npub}`)
  await expect(page.getByRole('alert')).toHaveText('Invalid note id')

  const absent = bytesToHex(generateSecretKey())
  await page.goto(`${app.url}/note/${noteEncode(absent)}`)
  // Once every relay has answered: a message, not an endless spinner.
  await expect(page.getByRole('status')).toHaveText('Note not found on your relays')
  await expect(page.getByText('Loading note…')).toHaveCount(0)
})

test('a relay that does not answer: the note, then its replies, failed to load rather than absent; Try again shows them', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(90_000)
  const relay = await launchRelay()
  const key = hexToBytes(world.accounts[2]!.secretKeyHex)
  // A note at the top of the feed, and an answer to it.
  const { question, answer } = questionAndAnswer(
    key,
    'A question for the relays',
    'An answer from the relays',
  )
  // And one from long ago, never on screen, so not in the saved cache when its link is opened.
  const old = finalizeEvent(
    { kind: 1, created_at: now() - 90 * 86_400, content: 'An old note', tags: [] },
    key,
  )
  for (const event of [question, answer, old]) await relay.publish(event)
  await showEveryNote(page)
  const app = await openApp([relay])
  const row = page.locator(`[role="feed"][aria-label="Notes"] [data-note-id="${question.id}"]`)
  await expect(row).toBeVisible()
  const failed = (text: string) => page.getByRole('alert').filter({ hasText: text })

  // The replies: the note is at hand (its row), the relay silent when the thread is asked for.
  relay.setFaults({ dropAll: true })
  await row.getByText('A question for the relays').click()
  await expect(failed('Failed to load replies')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('No replies yet.')).toHaveCount(0)
  relay.setFaults(undefined)
  await failed('Failed to load replies').getByRole('button', { name: 'Try again' }).click()
  await expect(thread(page).locator(`[data-note-id="${answer.id}"]`)).toBeVisible()
  await expect(failed('Failed to load replies')).toHaveCount(0)

  // A note opened by its link with the relay silent: not "not found".
  relay.setFaults({ dropAll: true })
  await page.goto(`${app.url}/note/${noteEncode(old.id)}`)
  await expect(failed('Failed to load note')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('Note not found on your relays')).toHaveCount(0)
  relay.setFaults(undefined)
  await failed('Failed to load note').getByRole('button', { name: 'Try again' }).click()
  await expect(page.locator('.thread-focused [data-note-id]')).toHaveAttribute(
    'data-note-id',
    old.id,
  )
  await expect(page.getByText('No replies yet.')).toBeVisible()
})

test('a thread asked again with its replies on screen, and no relay answering: the replies stay, a quiet line says so', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(90_000)
  const relay = await launchRelay()
  const key = hexToBytes(world.accounts[2]!.secretKeyHex)
  const { question, answer } = questionAndAnswer(key, 'Asked twice', 'Answered once')
  for (const event of [question, answer]) await relay.publish(event)
  await showEveryNote(page)
  await openApp([relay])
  const row = page.locator(`[role="feed"][aria-label="Notes"] [data-note-id="${question.id}"]`)
  await row.getByText('Asked twice').click()
  const reply = thread(page).locator(`[data-note-id="${answer.id}"]`)
  await expect(reply).toBeVisible()

  // Back to the feed; the relay goes silent; the thread is opened again once its replies are
  // stale (QUERY_STALE_MS, the clock moved on), so they are asked for again, with no answer.
  await page.goBack()
  await expect(row).toBeVisible()
  relay.setFaults({ dropAll: true })
  await page.clock.setFixedTime(Date.now() + QUERY_STALE_MS + 60_000)
  await row.getByText('Asked twice').click()
  const quiet = page.getByRole('status').filter({ hasText: REPLIES_NOT_CHECKED })
  await expect(quiet).toBeVisible({ timeout: 30_000 })
  await expect(reply).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: FAILED_TO_LOAD_REPLIES })).toHaveCount(0)

  relay.setFaults(undefined)
  await quiet.getByRole('button', { name: 'Try again' }).click()
  await expect(quiet).toHaveCount(0)
  await expect(reply).toBeVisible()
})

test('a quoted note whose answer was lost says it failed to load, and its link opens it once the relay answers', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const key = hexToBytes(world.accounts[2]!.secretKeyHex)
  const quoted = finalizeEvent(
    { kind: 1, created_at: now() - 90 * 86_400, content: 'Worth quoting', tags: [] },
    key,
  )
  const quoting = finalizeEvent(
    {
      kind: 1,
      created_at: now(),
      content: `Look at this nostr:${noteEncode(quoted.id)}`,
      tags: [['q', quoted.id]],
    },
    key,
  )
  for (const event of [quoted, quoting]) await relay.publish(event)
  relay.setFaults(silentOn(quoted.id))
  await showEveryNote(page)
  await openApp([relay])
  const status = page.locator(`[data-note-id="${quoting.id}"] .note-quote-status`)
  await expect(status).toHaveText('Failed to load quoted note', { timeout: 30_000 })
  relay.setFaults(undefined)
  await status.click()
  await expect(page.locator('.thread-focused [data-note-id]')).toHaveAttribute(
    'data-note-id',
    quoted.id,
  )
})

test('?thread={id} opens the thread over the feed; Escape, Close and Back leave the feed where it was', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const { focused, root } = seededDeepReply(relay)
  await showEveryNote(page)
  const app = await openApp([relay])
  const feed = page.getByRole('feed', { name: 'Notes' })
  await expect.poll(() => feed.getByRole('article').count()).toBeGreaterThanOrEqual(5)
  // Room to scroll 1,000 px: the first page may still be growing.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight))
    .toBeGreaterThan(1200)
  await page.mouse.move(640, 400)
  await page.mouse.wheel(0, 1500)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
  // Where the feed is: the scroll offset, and the first row in view with its place on screen.
  const where = () =>
    page.evaluate(() => {
      const rows = [...document.querySelectorAll('[role="feed"][aria-label="Notes"] article')]
      const row = rows.find((a) => a.getBoundingClientRect().bottom > 80)
      return {
        y: Math.round(window.scrollY),
        id: row?.getAttribute('data-note-id'),
        top: Math.round(row?.getBoundingClientRect().top ?? 0),
      }
    })
  // Settled: two reads a moment apart agree (smooth scrolling, pages loading below).
  let before = await where()
  await expect
    .poll(async () => {
      const now = await where()
      const same = JSON.stringify(now) === JSON.stringify(before)
      before = now
      return same
    })
    .toBe(true)

  // What a feed card's "open thread" does (useThreadModal().open): the app's own router.
  const openThread = (id: string) =>
    page.evaluate((noteId) => {
      const router = (self as unknown as { __TSR_ROUTER__: TsrRouter }).__TSR_ROUTER__
      return router.navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => ({ ...prev, thread: noteId }),
        resetScroll: false,
      })
    }, id)
  type TsrRouter = { navigate(options: Record<string, unknown>): Promise<void> }

  const modal = page.getByRole('dialog', { name: 'Thread' })
  for (const close of ['Escape', 'Close', 'Back'] as const) {
    await openThread(focused.id)
    await expect(page).toHaveURL(new RegExp(`[?&]thread=${focused.id}`))
    await expect(modal.locator('.thread-focused [data-note-id]')).toHaveAttribute(
      'data-note-id',
      focused.id,
    )
    await expect(thread(modal).locator(`[data-note-id="${root.id}"]`)).toBeVisible()
    // The feed stays put under the modal too.
    expect(await where()).toEqual(before)
    if (close === 'Escape') {
      await page.screenshot({ path: test.info().outputPath('thread-modal-1280.png') })
      await page.keyboard.press('Escape')
    } else if (close === 'Close') await modal.getByRole('button', { name: 'Close' }).click()
    else await page.goBack()
    await expect(modal).toHaveCount(0)
    await expect(page).not.toHaveURL(/thread=/)
    await expect.poll(where).toEqual(before)
  }

  // A deep link to the modal survives a reload; closing it leaves the feed.
  await page.goto(`${app.url}/?thread=${root.id}`)
  await page.reload()
  await expect(modal.locator('.thread-focused [data-note-id]')).toHaveAttribute(
    'data-note-id',
    root.id,
  )
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: test.info().outputPath('thread-modal-390.png') })
  await page.keyboard.press('Escape')
  await expect(modal).toHaveCount(0)
  await expect(feed.getByRole('article').first()).toBeVisible()
})

test('hostile content renders as inert text and the layout holds', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const key = generateSecretKey()
  const hostile = [
    '<script>window.__pwned = 1; alert("script")</script>',
    '<img src=x onerror="window.__pwned = 2; alert(\'img\')">',
    '<svg onload="alert(\'svg\')"></svg>',
    '<a href="javascript:alert(\'link\')">click me</a>',
    '[md](javascript:alert("md")) javascript:alert("bare")',
    '\u202Eevil right-to-left override\u202C \u2067isolate',
    '<iframe src="javascript:alert(\'frame\')"></iframe>',
    '<style>body { display: none }</style>',
  ].join('\n')
  const content = `${hostile}\n${'A'.repeat(100_000 - hostile.length - 1)}`
  const note = finalizeEvent({ kind: 1, created_at: now(), tags: [], content }, key)
  await relay.publish(note)
  const reply = replyTo(key, note, note, `${hostile} in a reply`)
  await relay.publish(reply)

  const dialogs: string[] = []
  const errors: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))

  const app = await openApp([relay], `/note/${noteEncode(note.id)}`)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`${app.url}/note/${noteEncode(note.id)}`)
    const focused = page.locator(`.thread-focused [data-note-id="${note.id}"]`)
    await expect(focused).toContainText('<script>window.__pwned = 1;')
    await expect(thread(page).locator(`[data-note-id="${reply.id}"]`)).toBeVisible()
    await thread(page).locator(`[data-note-id="${reply.id}"]`).hover()
    await page.mouse.move(0, 0)

    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
    const thread_ = thread(page)
    await expect(thread_.locator('script, img[src="x"], svg, iframe, style')).toHaveCount(0)
    await expect(thread_.locator('a[href^="javascript:"]')).toHaveCount(0)
    // Nothing wider than the window: the 100 kB word wraps, the override stays in its paragraph.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    const box = await focused.boundingBox()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(width)
    await expect(page.locator('.app-header')).toBeVisible()
    await page.screenshot({ path: `/tmp/hostile-${width}.png` })
  }
  expect(dialogs).toEqual([])
  expect(errors).toEqual([])
})

test("a thread's replies from one relay, one forged on the way: checked as a batch, the forgery dropped and every other reply shown", async ({
  page,
  launchRelay,
  openApp,
}) => {
  // Enough replies for BIP-340 batch verification (verify-batch.ts MIN_BATCH), from one relay
  // at once; the batch fails and is checked event by event.
  const authors = [generateSecretKey(), generateSecretKey(), generateSecretKey()]
  const now = Math.floor(Date.now() / 1000)
  const root = finalizeEvent(
    { kind: 1, created_at: now - 3600, tags: [], content: 'A root with many replies' },
    authors[0]!,
  )
  const replies = Array.from({ length: 40 }, (_, i) =>
    finalizeEvent(
      {
        kind: 1,
        created_at: now - 3000 + i * 10,
        tags: [['e', root.id, '', 'root']],
        content: `Batch reply ${i + 1}`,
      },
      authors[i % 3]!,
    ),
  )
  const forged = replies[17]!
  const relay = await launchRelay({
    seed: [root, ...replies],
    faults: { corruptSignatures: (event) => event.id === forged.id },
  })
  await openApp([relay], `/note/${noteEncode(root.id)}`)
  const honest = replies.filter((reply) => reply !== forged).map((reply) => reply.id)
  await expect.poll(async () => (await ids(thread(page))).slice(1)).toEqual(honest)
  await expect(page.getByText(forged.content, { exact: true })).toHaveCount(0)
})
