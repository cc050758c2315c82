/**
 * Muting a person (NIP-51 kind 10000) hides them everywhere the user reads other people: their
 * rows leave the home feed, their reply in a thread folds to one line that opens on click, their
 * note leaves the hashtag search and their notification leaves the list. It holds after a reload
 * (the list comes back from the relay and the stored cache), and unmuting brings them back.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { noteEncode } from 'nostr-tools/nip19'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import type { RelayHandle } from '../peers/relay.ts'
import type { DemoAccount, DemoWorld } from '../peers/seed/types.ts'
import { expectFirstRows, predictRows, type Row, rowKey } from './feed-rows.ts'
import { expect, test } from './fixtures.ts'
import { logInInDialog, logInWithNsec, PASSPHRASE } from './login.ts'
import { showEveryNote } from './plain-feed.ts'
import { newestFirst } from './seeded.ts'

/** The feed rows drawn on the tall page, all of them loaded with the first page. */
const FIRST_ROWS = 8
/** Where reposts are looked for: the rows a tall page draws with its first two pages. */
const REPOST_ROWS = 16
const tagValue = (event: NostrEvent, name: string) => event.tags.find((t) => t[0] === name)?.[1]
const tagsOf = (event: NostrEvent, name: string) =>
  event.tags.filter((t) => t[0] === name).map((t) => t[1]!)

/** What the seeded demo account mutes already (tests/peers/seed/social.ts), read from the relay. */
function demoMutes(events: readonly NostrEvent[], demo: DemoAccount) {
  const list = events
    .filter((e) => e.kind === 10000 && e.pubkey === demo.pubkey)
    .sort(newestFirst)[0]
  return {
    people: new Set(list ? tagsOf(list, 'p') : []),
    hashtags: new Set(list ? tagsOf(list, 't') : []),
    words: list ? tagsOf(list, 'word') : [],
  }
}

type Mutes = ReturnType<typeof demoMutes>

/** The feed's rows (every note, as plain-feed.ts sets) that the mutes leave, newest first. */
function rowsSeen(events: readonly NostrEvent[], mutes: Mutes): Row[] {
  const byId = new Map(events.map((event) => [event.id, event]))
  return predictRows(events).filter((row) => {
    const note = byId.get(row.noteId)!
    return !(
      mutes.people.has(row.author) ||
      mutes.people.has(note.pubkey) ||
      row.hashtags.some((tag) => mutes.hashtags.has(tag)) ||
      mutes.words.some((word) => note.content.toLowerCase().includes(word))
    )
  })
}

/**
 * Someone the demo account sees in every place: a row among the feed's first, a reply in a
 * thread, a note a hashtag search finds and a notification today. The seed's times follow the
 * clock, so the person is picked from what the relay holds now.
 */
function pickPerson(relay: RelayHandle, world: DemoWorld) {
  for (const person of world.accounts) {
    if (person.pubkey === world.demoAccount.pubkey) continue
    const seen = sightings(relay, world, person)
    if (seen) return { person, ...seen }
  }
  throw new Error('the seed has nobody the demo account sees everywhere')
}

/** Where the person shows up for the demo account, or null when somewhere they do not. */
function sightings(relay: RelayHandle, world: DemoWorld, person: DemoAccount) {
  const events = relay.events()
  const byId = new Map(events.map((event) => [event.id, event]))
  const demo = world.demoAccount
  const mutes = demoMutes(events, demo)
  // The feed's rows as the demo account sees them before this test mutes anyone.
  const rows = rowsSeen(events, mutes)
  const theirs = (row: Row) =>
    row.author === person.pubkey || byId.get(row.noteId)!.pubkey === person.pubkey
  const first = rows.findIndex(theirs)
  if (first < 0 || first >= FIRST_ROWS || mutes.people.has(person.pubkey)) return null
  // A reply of theirs to someone else's note.
  const reply = events
    .filter((e) => e.kind === 1 && e.pubkey === person.pubkey && tagValue(e, 'e'))
    .sort(newestFirst)
    .find((e) => {
      const parent = byId.get(e.tags.filter((t) => t[0] === 'e').at(-1)![1]!)
      return parent && parent.pubkey !== person.pubkey && !mutes.people.has(parent.pubkey)
    })
  if (!reply) return null
  const parent = byId.get(reply.tags.filter((t) => t[0] === 'e').at(-1)![1]!)!
  // A note of theirs among the newest 50 of one of its hashtags, beside others.
  const tagged = events.filter((e) => e.kind === 1).sort(newestFirst)
  const search = tagged
    .filter((e) => e.pubkey === person.pubkey)
    .flatMap((note) =>
      tagsOf(note, 't').map((tag) => ({
        note,
        tag,
        newest: tagged.filter((e) => tagsOf(e, 't').includes(tag)).slice(0, 50),
      })),
    )
    .find(
      ({ note, newest }) =>
        newest.includes(note) && newest.some((other) => other.pubkey !== person.pubkey),
    )
  if (!search) return null
  return { rows, first, theirs, reply, parent, search }
}

/**
 * The person's mention of the demo account, published now: whether the seed has one inside the
 * last 24 hours depends on the hour the world was made at.
 */
async function mentionNow(relay: RelayHandle, world: DemoWorld, person: DemoAccount) {
  const mention = finalizeEvent(
    {
      kind: 1,
      created_at: Math.floor(Date.now() / 1000) - 60,
      tags: [['p', world.demoAccount.pubkey]],
      content: 'A word for you, on the notifications page.',
    },
    hexToBytes(person.secretKeyHex),
  )
  await relay.publish(mention)
  return mention
}

const muteButton = (page: Page, name: string) =>
  page.locator('.profile-header').getByRole('button', { name, exact: true })

/** Mute or Unmute on the profile; a reload locks the saved key, so it is unlocked when asked. */
async function toggleMute(page: Page, from: 'Mute' | 'Unmute') {
  await muteButton(page, from).click()
  const unlock = page.getByRole('dialog', { name: 'Unlock saved key' })
  const to = from === 'Mute' ? 'Unmute' : 'Mute'
  await expect(unlock.or(muteButton(page, to))).toBeVisible()
  if (await unlock.isVisible()) {
    await unlock.getByLabel('Passphrase').fill(PASSPHRASE)
    await unlock.getByRole('button', { name: /^Unlock &/ }).click()
    await expect(unlock).toBeHidden()
    if (await muteButton(page, from).isVisible()) await muteButton(page, from).click()
  }
  await expect(muteButton(page, to)).toBeVisible()
}

/** Every note, on a page tall enough that the feed's first rows are all drawn; a long test. */
async function tallPlainFeed(page: Page) {
  test.slow()
  await page.setViewportSize({ width: 1280, height: 3200 })
  await showEveryNote(page)
}

test('a muted person leaves the feed, threads, search and notifications, after a reload too; unmuting brings them back', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  await tallPlainFeed(page)
  const relay = await launchRelay()
  const demo = world.demoAccount
  const picked = pickPerson(relay, world)
  const mention = await mentionNow(relay, world, picked.person)
  // Seen again with the mention, now the newest of their rows.
  const seen = {
    person: picked.person,
    ...sightings(relay, world, picked.person)!,
    notification: mention,
  }
  const count = seen.first + 3
  const withoutHer = seen.rows.filter((row) => !seen.theirs(row))

  const server = await openApp([relay], '/')
  const at = (path: string) => page.goto(`${server.url}${path}`)
  const thread = `/note/${noteEncode(seen.parent.id)}`
  const search = `/search?q=${encodeURIComponent(`#${seen.search.tag}`)}`
  const profile = `/npub/${seen.person.npub}`

  const replyCard = page.locator(`article[data-note-id="${seen.reply.id}"]`)
  const folded = page.locator(`.note-muted[data-muted-id="${seen.reply.id}"]`)
  const searchNotes = page.getByRole('feed', { name: `Notes tagged #${seen.search.tag}` })
  const found = searchNotes.locator(`article[data-note-id="${seen.search.note.id}"]`)
  const notificationRows = page.locator('[data-event-id]')
  const notification = page.locator(`[data-event-id="${seen.notification.id}"]`)

  // Before: everywhere.
  await logInWithNsec(page, demo, { remember: true })
  await expectFirstRows(page, seen.rows, count)
  await at('/notifications')
  await expect(notification).toBeVisible()
  await at(thread)
  await expect(replyCard).toBeVisible()
  await at(search)
  await expect(found).toBeVisible()

  // Muted: her profile says so; the feed drops her rows at once, without a reload.
  await at(profile)
  const mutedLine = page
    .locator('.profile-header')
    .getByRole('status')
    .filter({ hasText: /^You muted/ })
  await expect(muteButton(page, 'Mute')).toBeVisible()
  await expect(mutedLine).toHaveCount(0)
  await toggleMute(page, 'Mute')
  await expect(mutedLine).toHaveText(
    'You muted this person: their notes are hidden from your feed, threads, notifications and search.',
  )
  await page.getByRole('link', { name: 'Plume, home feed' }).click()
  await expectFirstRows(page, withoutHer, count)

  // After a reload, and in every other place.
  await page.reload()
  await expectFirstRows(page, withoutHer, count)
  await at('/notifications')
  await expect(notificationRows.first()).toBeVisible()
  await expect(notification).toHaveCount(0)
  await at(thread)
  await expect(folded).toHaveText('Reply from a muted person · Show')
  await expect(replyCard).toHaveCount(0)
  await folded.getByRole('button', { name: 'Show' }).click()
  await expect(replyCard).toBeVisible()
  await at(search)
  await expect(searchNotes.getByRole('article').first()).toBeVisible()
  await expect(found).toHaveCount(0)

  // Unmuted: back everywhere.
  await at(profile)
  await expect(mutedLine).toBeVisible()
  await toggleMute(page, 'Unmute')
  await expect(mutedLine).toHaveCount(0)
  await page.getByRole('link', { name: 'Plume, home feed' }).click()
  await expectFirstRows(page, seen.rows, count)
  await at('/notifications')
  await expect(notification).toBeVisible()
  await at(thread)
  await expect(replyCard).toBeVisible()
  await expect(folded).toHaveCount(0)
  await at(search)
  await expect(found).toBeVisible()
})

test('a list muted before login hides reposts of their notes, their reposts and their quoted notes', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  await tallPlainFeed(page)
  const demo = world.demoAccount
  // Two reposts newer than anything seeded, so the feed starts with them whatever the hour (the
  // seed's times follow the clock): one of A's note by B, one of D's note by C.
  const unmuted = world.accounts.filter(
    (a) => a.pubkey !== demo.pubkey && !demoMutes(world.events, demo).people.has(a.pubkey),
  )
  const rootBy = (person: DemoAccount) =>
    world.events
      .filter((e) => e.kind === 1 && e.pubkey === person.pubkey && !tagValue(e, 'e'))
      .sort(newestFirst)[0]
  const [a, b, c, d] = unmuted.filter((person) => rootBy(person))
  if (!a || !b || !c || !d) throw new Error('the seed has four people with notes')
  const now = Math.floor(Date.now() / 1000)
  const repost = (by: DemoAccount, note: NostrEvent, at: number) =>
    finalizeEvent(
      {
        kind: 6,
        created_at: at,
        tags: [
          ['e', note.id],
          ['p', note.pubkey],
        ],
        content: JSON.stringify(note),
      },
      hexToBytes(by.secretKeyHex),
    )
  const events = [...world.events, repost(b, rootBy(a)!, now - 5), repost(c, rootBy(d)!, now - 6)]
  const byId = new Map(events.map((event) => [event.id, event]))
  const seen = rowsSeen(events, demoMutes(events, demo))
  const reposts = seen.slice(0, REPOST_ROWS).filter((row) => row.repost)
  // Someone whose note another reposted, and someone else who reposted a third person's note.
  const repostOf = reposts.find((row) => byId.get(row.noteId)!.pubkey !== row.author)
  const author = repostOf && byId.get(repostOf.noteId)!.pubkey
  const repostBy = reposts.find(
    (row) => row.author !== author && byId.get(row.noteId)!.pubkey !== author,
  )
  if (!repostOf || !author || !repostBy) throw new Error('the feed starts with two reposts')
  const quote = events.filter((e) => e.kind === 1 && tagValue(e, 'q')).sort(newestFirst)[0]!
  const quoted = byId.get(tagValue(quote, 'q')!)!
  const people = [author, repostBy.author, quoted.pubkey]
  const list = [...events]
    .filter((e) => e.kind === 10000 && e.pubkey === demo.pubkey)
    .sort(newestFirst)[0]!
  const muted = finalizeEvent(
    {
      kind: 10000,
      created_at: list.created_at + 1,
      tags: [...list.tags, ...people.map((pubkey) => ['p', pubkey])],
      content: '',
    },
    hexToBytes(demo.secretKeyHex),
  )
  const relay = await launchRelay({ seed: [...events, muted] })
  const shown = rowsSeen(relay.events(), demoMutes(relay.events(), demo))
  const shownKeys = shown.map(rowKey)
  expect(shownKeys).not.toContain(rowKey(repostOf))
  expect(shownKeys).not.toContain(rowKey(repostBy))
  // The rows shown up to the first one after both reposts.
  const last = Math.max(seen.indexOf(repostOf), seen.indexOf(repostBy))
  const next = seen.slice(last + 1).find((row) => shownKeys.includes(rowKey(row)))!
  const count = shownKeys.indexOf(rowKey(next)) + 1

  await openApp([relay], '/')
  await logInWithNsec(page, demo)
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await settings.getByRole('button', { name: 'Back' }).click()
  await expect(settings).toHaveCount(0)
  // Both reposts gone, and every other row in its place.
  await expectFirstRows(page, shown, count)

  await page.getByRole('link', { name: 'Search' }).click()
  await page.getByRole('searchbox', { name: 'Search' }).fill(noteEncode(quote.id))
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter')
  const line = page.locator(`.note-muted[data-muted-id="${quoted.id}"]`)
  await expect(line).toHaveText('Quoted note from a muted person · Show')
  await expect(page.locator(`[data-quote-id="${quoted.id}"]`)).toHaveCount(0)
  await line.getByRole('button', { name: 'Show' }).click()
  await expect(page.locator(`[data-quote-id="${quoted.id}"]`)).toBeVisible()
})

test('rows of people muted while the feed is shown leave no gap or overlap: the rows below move up whole', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const demo = world.demoAccount
  await openApp([relay], '/?nsecLogin=true')
  const rows = page.getByRole('feed').locator('article[data-note-id]')
  await expect(rows.nth(4)).toBeVisible()
  // The author of one of the first rows, muted on the relays (NIP-51 kind 10000) before the
  // login: their rows leave while the rows below them are on screen, measured and mounted.
  const firstIds = (
    await rows.evaluateAll((articles) => articles.map((a) => (a as HTMLElement).dataset.noteId!))
  ).slice(0, 3)
  const author = firstIds
    .map((id) => relay.events().find((e) => e.id === id)!.pubkey)
    .find((pubkey) => pubkey !== demo.pubkey)!
  expect(author).toBeDefined()
  const list = relay
    .events()
    .filter((e) => e.kind === 10000 && e.pubkey === demo.pubkey)
    .sort(newestFirst)[0]
  await relay.publish(
    finalizeEvent(
      {
        kind: 10000,
        created_at: Math.max(Math.floor(Date.now() / 1000), (list?.created_at ?? 0) + 1),
        tags: [...(list?.tags ?? []), ['p', author]],
        content: '',
      },
      hexToBytes(demo.secretKeyHex),
    ),
  )
  const theirs = new Set(relay.events().flatMap((e) => (e.pubkey === author ? [e.id] : [])))
  const shownTheirs = () =>
    rows.evaluateAll(
      (articles, ids) => articles.filter((a) => ids.includes((a as HTMLElement).dataset.noteId!)),
      [...theirs],
    )
  await logInInDialog(page, demo.nsec)
  await expect.poll(async () => (await shownTheirs()).length).toBe(0)
  // Each row starts where the one above it ends (to the pixel), once the list has settled.
  const overlaps = () =>
    page
      .getByRole('feed')
      .locator('[data-index]')
      .evaluateAll((items) => {
        const boxes = items
          .map((item) => ({
            index: Number((item as HTMLElement).dataset.index),
            ...(item as HTMLElement).getBoundingClientRect().toJSON(),
          }))
          .sort((a, b) => a.index - b.index)
        return boxes.slice(1).flatMap((box, i) => {
          const above = boxes[i]!
          return box.index === above.index + 1 && Math.abs(box.top - above.bottom) > 1
            ? [`row ${box.index} starts at ${box.top}, row ${above.index} ends at ${above.bottom}`]
            : []
        })
      })
  await expect.poll(overlaps).toEqual([])
})
