/**
 * Outbox routing (NIP-65) as the user sees it, in the many-relay world: the Following feed and a
 * profile show an author who writes only to a relay no pool of the app holds, and the Auxiliary
 * Relays modal says why that relay is open; the sockets open stay within the budget of 20 through
 * a session that reads several such relays; a reply is read back from the author's read relay
 * (NIP-65 inbox), with a reply by someone else stored nowhere else; an nevent's relay hint leads
 * to a note only that relay has, and "Seen on" names it.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import type { Locator, Page, WebSocket } from '@playwright/test'
import { neventEncode, npubEncode } from 'nostr-tools/nip19'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import type { DemoWorld } from '../peers/seed/index.ts'
import { expect, type LaunchedWorld, test } from './fixtures.ts'
import { logInInDialog, openFollowingFeed } from './login.ts'
import { showEveryNote } from './plain-feed.ts'

// ---------------------------------------------------------------------------------------------
// The world's ground truth.

const followsOf = (world: DemoWorld, pubkey: string): string[] =>
  world.events
    .filter((event) => event.kind === 3 && event.pubkey === pubkey)
    .flatMap((event) => event.tags.filter((tag) => tag[0] === 'p').map((tag) => tag[1] ?? ''))

const mutedBy = (world: DemoWorld, pubkey: string): Set<string> =>
  new Set(
    world.events
      .filter((event) => event.kind === 10000 && event.pubkey === pubkey)
      .flatMap((event) => event.tags.filter((tag) => tag[0] === 'p').map((tag) => tag[1] ?? '')),
  )

/** The notes kept only on the hint-only relay (seed/hinted.ts): no outbox leads to them. */
const hintOnlyIds = (world: DemoWorld) => new Set(world.hinted.map((hinted) => hinted.id))

/**
 * A root note shown as it is, stored only where its author writes: no reply, quote or mention
 * (a mention is stored on the read relays of whom it names too), no content warning, not hint-only.
 */
const plainRoot = (world: DemoWorld) => {
  const hintOnly = hintOnlyIds(world)
  return (event: NostrEvent) =>
    event.kind === 1 &&
    !hintOnly.has(event.id) &&
    !event.tags.some(
      (tag) =>
        tag[0] === 'e' ||
        tag[0] === 'q' ||
        tag[0] === 'p' ||
        tag[0] === 'content-warning' ||
        (tag[0] === 't' && tag[1] === 'nsfw'),
    ) &&
    !event.content.includes('nostr:')
}

const newestFirst = (a: NostrEvent, b: NostrEvent) => b.created_at - a.created_at

const displayNameOf = (world: DemoWorld, pubkey: string): string => {
  const profile = world.events.find((event) => event.kind === 0 && event.pubkey === pubkey)
  return (JSON.parse(profile?.content ?? '{}') as { display_name?: string }).display_name ?? ''
}

interface SmallAuthor {
  pubkey: string
  npub: string
  name: string
  /** Their write relays, none of them in the pool. */
  relays: string[]
  /** Their read relays outside the pool. */
  inbox: string[]
  /** Their newest plain root note. */
  note: NostrEvent
}

/**
 * People the demo account follows (and does not mute) who write only to relays outside the pool,
 * the one with the newest note first.
 */
function smallOnlyAuthors(world: DemoWorld): SmallAuthor[] {
  const me = world.demoAccount.pubkey
  const general = new Set<string>(world.relays.general)
  const muted = mutedBy(world, me)
  const plain = plainRoot(world)
  return followsOf(world, me)
    .filter((pubkey) => !muted.has(pubkey))
    .flatMap((pubkey): SmallAuthor[] => {
      const list = world.relayLists[pubkey]
      const write = list?.write ?? []
      const note = world.events
        .filter((event) => event.pubkey === pubkey && plain(event))
        .sort(newestFirst)[0]
      if (write.length === 0 || write.some((url) => general.has(url)) || !note) return []
      return [
        {
          pubkey,
          npub: npubEncode(pubkey),
          name: displayNameOf(world, pubkey),
          relays: write,
          inbox: (list?.read ?? []).filter((url) => !general.has(url)),
          note,
        },
      ]
    })
    .sort((a, b) => newestFirst(a.note, b.note))
}

const handleOf = (launched: LaunchedWorld, url: string) =>
  launched.running.find((running) => running.url === url)!.relay

// ---------------------------------------------------------------------------------------------
// Driving the app.

const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' })
const feedNote = (page: Page, id: string) =>
  page.getByRole('feed').locator(`article[data-note-id="${id}"]:not([data-repost-id])`)
const focusedNote = (page: Page) => page.locator('.thread-focused article[data-note-id]')
const seenOn = (page: Page) => page.getByTestId('seen-on')

/** When each note row drawn was written (reposts left out: they stand at the repost's time). */
const drawnTimes = (page: Page) =>
  page
    .getByRole('feed')
    .locator('article:not([data-repost-id]) .note-time time')
    .evaluateAll((times) =>
      times.map((time) => Date.parse(time.getAttribute('datetime') ?? '') / 1000),
    )

/**
 * Scrolls the feed to a note's row and returns it. The virtual list draws the rows near the
 * screen, newest first: it scrolls down while every row drawn is newer than the note and up while
 * every one is older. Rows drawn from both sides of its time without it for 10 s mean the feed
 * lost it. No time budget of its own: how long a walk through hours of notes takes depends on
 * the machine's load, not on the app (11 hours of the world's feed: 31 s idle, over 60 s loaded).
 */
async function scrollToNote(page: Page, note: { id: string; created_at: number }) {
  const row = feedNote(page, note.id)
  // Its place drawn without it for this long: it would have come (a relay owing a page sends
  // its notes with the next page, within its end-of-stored-events wait).
  let lostAt: number | null = null
  while (!(await row.isVisible())) {
    const times = await drawnTimes(page)
    const older = times.filter((time) => time < note.created_at).length
    const newer = times.length - older
    if (older > 0 && newer > 0) {
      lostAt ??= Date.now() + 10_000
      if (Date.now() > lostAt) throw new Error(`the feed draws the notes around ${note.id}, not it`)
    } else await page.mouse.wheel(0, older > 0 ? -600 : 1200)
    await row.waitFor({ timeout: 250 }).catch(() => {})
  }
  return row
}

/** Settings, Auxiliary Relays: the modal over the page. */
async function openAuxRelays(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Settings' }).click()
  await settings(page).getByRole('button', { name: 'Auxiliary Relays' }).click()
  const modal = page.getByRole('dialog', { name: 'Auxiliary Relays' })
  await expect(modal).toBeVisible()
  return modal
}

const auxLink = (modal: Locator, url: string) => modal.locator(`.aux-link[data-relay="${url}"]`)

// ---------------------------------------------------------------------------------------------

test('an author who writes only outside the pool: in the Following feed, on their profile, and in Auxiliary Relays', async ({
  page,
  launchWorld,
  openApp,
}) => {
  const launched = await launchWorld()
  const { world } = launched
  // The newest of them: their note is near the top of the Following feed.
  const [author] = smallOnlyAuthors(world)
  expect(author, 'a followed author who writes only to small relays').toBeDefined()
  const { note, name, npub } = author!
  const relay = author!.relays[0]!
  expect(world.relaysOf(note.id).every((url) => author!.relays.includes(url))).toBe(true)
  // A note of theirs past the Notes tab's first page (ten rows), so the tab pages back there.
  const hintOnly = hintOnlyIds(world)
  const older = world.events
    .filter((event) => event.pubkey === author!.pubkey && (event.kind === 1 || event.kind === 6))
    .filter((event) => !hintOnly.has(event.id))
    .sort(newestFirst)
    .slice(12)
    .find((event) => event.kind === 1)!

  await showEveryNote(page)
  await openApp([...launched.general], '/?nsecLogin=true', launched)
  await openFollowingFeed(page, world)
  const card = await scrollToNote(page, note)
  // A link shows without its scheme: the seed's notes are dated from now, so which note is the
  // newest (and whether a link starts in its first 40 characters) changes from run to run.
  await expect(card).toContainText(note.content.replace(/https?:\/\//g, '').slice(0, 40))
  // Named as on every card: their profile is on the indexer and their relays, not the pool.
  await expect(card.locator('.note-author')).toHaveText(name)

  // Their profile, from the card: the Notes tab has the note, and pages back to an older one.
  await card.locator('.note-author a').click()
  await expect(page).toHaveURL(new RegExp(`/npub/${npub}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  await expect(page.getByRole('link', { name: 'Notes' })).toHaveAttribute('aria-current', 'page')
  await scrollToNote(page, note)
  await scrollToNote(page, older)

  // Their relay is a short-lived connection, open for their notes (the tab asked for them last).
  const modal = await openAuxRelays(page)
  const link = auxLink(modal, relay)
  await expect(link.locator('[data-field="state"]')).toHaveText('Connected')
  await expect(link.locator('[data-field="reason"]').filter({ hasText: 'Notes by' })).toHaveText(
    new RegExp(`^Notes by ${name}`),
  )
})

/**
 * Every WebSocket the page opens, while it is open: how many at once, at most, and which relays
 * (URLs without the trailing slash the browser adds).
 */
function watchSockets(page: Page) {
  const open = new Set<WebSocket>()
  const reached = new Set<string>()
  let peak = 0
  const urlOf = (socket: WebSocket) => socket.url().replace(/\/$/, '')
  page.on('websocket', (socket) => {
    open.add(socket)
    reached.add(urlOf(socket))
    peak = Math.max(peak, open.size)
    socket.on('close', () => open.delete(socket))
  })
  return {
    peak: () => peak,
    reached: () => [...reached],
    openTo: (urls: ReadonlySet<string>) => [...open].filter((s) => urls.has(urlOf(s))).length,
    open: () => open.size,
  }
}

/** From the header to one of the people the user follows: their profile, from the list. */
async function openFollowed(page: Page, me: string, pubkey: string) {
  await page.getByRole('link', { name: 'Your profile' }).click()
  await expect(page).toHaveURL(new RegExp(`/npub/${npubEncode(me)}$`))
  await page
    .getByRole('navigation', { name: 'Profile sections' })
    .getByRole('link', { name: 'Following' })
    .click()
  await page
    .getByRole('list', { name: 'Following' })
    .locator(`li[data-pubkey="${pubkey}"]`)
    .getByRole('link')
    .click()
  await expect(page).toHaveURL(new RegExp(`/npub/${npubEncode(pubkey)}$`))
}

test('a session across many relays never has more than 20 sockets open, as the modal counts them', async ({
  page,
  launchWorld,
  openApp,
}) => {
  // A whole session (the feed, three profiles, a note) on a machine that may be busy.
  test.setTimeout(90_000)
  const launched = await launchWorld()
  const { world } = launched
  const me = world.demoAccount.pubkey
  const [first, ...others] = smallOnlyAuthors(world)
  // Two authors who write to different small relays.
  const second = others.find((a) => a.relays.some((url) => !first!.relays.includes(url)))!
  expect(second, 'two authors on different small relays').toBeDefined()
  const hinted = world.hinted.find((h) => h.via === 'nevent')!
  const quoting = world.events.find((event) => event.id === hinted.referencedBy)!
  // A note further down the Following feed, past a page of it below the first author's.
  const follows = new Set(followsOf(world, me))
  const plain = plainRoot(world)
  const deeper = world.events
    .filter(
      (event) =>
        follows.has(event.pubkey) && plain(event) && event.created_at < first!.note.created_at,
    )
    .sort(newestFirst)[10]!
  const sockets = watchSockets(page)

  await showEveryNote(page)
  await openApp([...launched.general], '/?nsecLogin=true', launched)
  await openFollowingFeed(page, world)
  await scrollToNote(page, first!.note)
  await scrollToNote(page, deeper)

  // Two profiles, from the list of people the user follows: each author's note on their Notes tab.
  for (const author of [first!, second]) {
    await openFollowed(page, me, author.pubkey)
    await scrollToNote(page, author.note)
  }

  // A note only the hint-only relay has, quoted by a followed author: its nevent opens.
  await openFollowed(page, me, quoting.pubkey)
  const pointer = await scrollToNote(page, quoting)
  const quote = pointer.locator(`.note-quote[data-quote-id="${hinted.id}"]`)
  await expect(quote).toBeVisible()
  await quote.locator('.note-quote-time').click()
  await expect(page).toHaveURL(/\/note\/nevent1/)
  await expect(focusedNote(page)).toHaveAttribute('data-note-id', hinted.id)
  await expect(seenOn(page).locator('[data-relay]')).toHaveText([world.relays.hintOnly])

  // Each relay outside the pool was reached, and the sockets never passed the budget.
  const reached = sockets.reached()
  for (const url of [first!.relays[0]!, world.relays.hintOnly]) {
    expect(reached, `a socket to ${url}`).toContain(url)
  }
  expect(reached.some((url) => second.relays.includes(url) && !first!.relays.includes(url))).toBe(
    true,
  )
  expect(sockets.peak()).toBeLessThanOrEqual(20)

  // The modal counts what is open: the pool's relays and the short-lived ones.
  const pool = new Set(launched.config.relays.map((relay) => relay.url))
  const outside = new Set(
    launched.running.map((running) => running.url).filter((url) => !pool.has(url)),
  )
  const modal = await openAuxRelays(page)
  const budget = modal.locator('[data-field="sockets"]')
  await expect(async () => {
    const open = sockets.open()
    await expect(budget).toHaveText(
      `Sockets open: ${open} of 20 · your relays ${sockets.openTo(pool)} · short-lived ${sockets.openTo(outside)}`,
      { timeout: 1000 },
    )
  }).toPass({ timeout: 20_000 })
})

test('a reply to an author who reads outside the pool is read back from there, with one stored nowhere else', async ({
  page,
  browser,
  launchWorld,
  openApp,
}) => {
  const launched = await launchWorld()
  const { world } = launched
  const me = world.demoAccount
  const author = smallOnlyAuthors(world).find((a) => a.inbox.length > 0)!
  const { note } = author
  const inboxUrl = author.inbox[0]!
  const inbox = handleOf(launched, inboxUrl)
  // A reply by someone else, stored only on that read relay: no relay of the pool has it (the
  // seed stores every reply on a general relay too, since everyone reads on one).
  const replier = world.accounts.find((a) => a.pubkey !== me.pubkey && a.pubkey !== author.pubkey)!
  const theirs = finalizeEvent(
    {
      kind: 1,
      created_at: note.created_at + 60,
      tags: [
        ['e', note.id, author.relays[0]!, 'root', author.pubkey],
        ['p', author.pubkey],
      ],
      content: 'Left where you read, and nowhere else',
    },
    hexToBytes(replier.secretKeyHex),
  )
  await inbox.publish(theirs)

  // The note as a link to it names it: its id and author (NIP-19 nevent).
  const nevent = neventEncode({ id: note.id, author: author.pubkey })
  const server = await openApp([...launched.general], `/note/${nevent}?nsecLogin=true`, launched)
  await logInInDialog(page, me.nsec)
  const card = page.locator(`.thread-focused article[data-note-id="${note.id}"]`)
  await expect(card).toBeVisible()
  await expect(page.locator(`article[data-note-id="${theirs.id}"]`)).toContainText(theirs.content)

  await card.getByRole('button', { name: 'Reply' }).click()
  const replyDialog = page.getByRole('dialog', { name: 'Reply' })
  await replyDialog.getByLabel('Your reply').fill('Read back where you read')
  await replyDialog.getByRole('button', { name: 'Reply' }).click()
  await expect(replyDialog.getByText('Published')).toBeVisible()
  const answers = replyDialog.getByRole('list', { name: 'Relay answers' })
  await expect(answers.locator(`li[data-relay="${inboxUrl}"]`)).toContainText('accepted')
  const mine = () =>
    inbox
      .events()
      .find((event) => event.pubkey === me.pubkey && event.content === 'Read back where you read')
  await expect.poll(() => mine()?.id).toBeDefined()
  const reply = mine()!
  expect(reply.tags).toContainEqual(['p', author.pubkey])

  // A fresh browser profile, signed out: the author's profile, their note, its thread.
  const fresh = await browser.newContext()
  try {
    const other = await fresh.newPage()
    await showEveryNote(other)
    await other.goto(`${server.url}/npub/${author.npub}`)
    await expect(other.getByRole('heading', { level: 1 })).toHaveText(author.name)
    const row = await scrollToNote(other, note)
    await row.locator('.note-time').click()
    await expect(focusedNote(other)).toHaveAttribute('data-note-id', note.id)
    for (const shown of [reply, theirs]) {
      await expect(other.locator(`article[data-note-id="${shown.id}"]`)).toContainText(
        shown.content,
      )
    }
  } finally {
    await fresh.close()
  }
})

test('an nevent whose hint names a relay in nobody’s list opens, and "Seen on" names that relay', async ({
  page,
  launchWorld,
  openApp,
}) => {
  const launched = await launchWorld()
  const { world } = launched
  const hinted = world.hinted.find((h) => h.via === 'nevent')!
  expect(world.relaysOf(hinted.id)).toEqual([world.relays.hintOnly])
  // The link as it was published: the nevent in the text of the note that points at it.
  const pointer = world.events.find((event) => event.id === hinted.referencedBy)!
  const nevent = /nostr:(nevent1[02-9ac-hj-np-z]+)/.exec(pointer.content)![1]!
  const note = world.events.find((event) => event.id === hinted.id)!

  await openApp([...launched.general], `/note/${nevent}`, launched)
  await expect(focusedNote(page)).toHaveAttribute('data-note-id', note.id)
  await expect(focusedNote(page)).toContainText(note.content.slice(0, 40))
  await expect(seenOn(page).locator('[data-relay]')).toHaveText([world.relays.hintOnly])
})

test('quotes whose relay hint names a relay in nobody’s list show in the feed', async ({
  page,
  launchWorld,
  openApp,
}) => {
  // It walks 11 hours of the world's feed.
  test.slow()
  const launched = await launchWorld()
  const { world } = launched
  // Each a nevent in the text or a q tag's hint (NIP-18), quoted by a note on a general relay.
  expect(new Set(world.hinted.map((hinted) => hinted.via))).toEqual(new Set(['nevent', 'q']))
  await showEveryNote(page)
  await openApp([...launched.general], '/', launched)
  for (const hinted of world.hinted) {
    const note = world.events.find((event) => event.id === hinted.id)!
    const quoting = await scrollToNote(
      page,
      world.events.find((event) => event.id === hinted.referencedBy)!,
    )
    await expect(quoting.locator(`.note-quote[data-quote-id="${hinted.id}"]`)).toContainText(
      note.content.slice(0, 40),
    )
  }
})
