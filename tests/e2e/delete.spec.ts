/**
 * Deleting one's own note (NIP-09) from its More menu, against relays that keep what a deletion
 * names (many relays never delete), so every note that leaves the screen left it by the app's
 * doing: gone at once from the feed and the profile, and still gone after a reload. A deletion by
 * its author found on the relays hides a note the app never saw deleted; one by anybody else
 * does not. When every relay refuses the request, the note comes back and the dialog says why.
 */
import type { Locator, Page } from '@playwright/test'
import { nip19 } from 'nostr-tools'
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { REFUSAL, refuseWrites } from '../peers/faults.ts'
import type { RelayHandle } from '../peers/relay.ts'
import type { DemoAccount } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'
import { logInInDialog } from './login.ts'
import { showEveryNote } from './plain-feed.ts'

const feed = (page: Page) => page.getByRole('feed', { name: 'Notes' })
const card = (scope: Page | Locator, id: string) => scope.locator(`article[data-note-id="${id}"]`)
const deleteDialog = (page: Page) => page.getByRole('dialog', { name: 'Delete note' })

const keyOf = (account: DemoAccount) => nip19.decode(account.nsec).data as Uint8Array

/** A note by this key, newer than anything seeded: the feed's first row. */
async function publishNote(relay: RelayHandle, key: Uint8Array, content: string, ago = 0) {
  const note = finalizeEvent(
    { kind: 1, created_at: Math.floor(Date.now() / 1000) - ago, tags: [], content },
    key,
  )
  await relay.publish(note)
  return note
}

const deletionsOn = (relay: RelayHandle, id: string): NostrEvent[] =>
  relay.events().filter((event) => event.kind === 5 && event.tags.some((tag) => tag[1] === id))

/** Whether the stored query cache holds the deleted notes list with this id (saved every 2 s). */
const storedDeleted = (page: Page, id: string) =>
  page.evaluate(
    (noteId) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('keyval')) return resolve(false)
          const get = db.transaction('keyval').objectStore('keyval').get('rq-cache-v1')
          get.onsuccess = () => {
            const queries: { queryKey: unknown[]; state: { data?: unknown } }[] =
              get.result?.clientState?.queries ?? []
            const list = queries.find((query) => query.queryKey[0] === 'deleted-notes')
            resolve(Array.isArray(list?.state.data) && list.state.data.includes(noteId))
          }
        }
      }),
    id,
  )

test('Delete from the More menu: gone at once from the feed and the profile, and after a reload', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay({ keepDeleted: true })
  const me = world.demoAccount
  const older = await publishNote(relay, keyOf(me), 'An older note of mine, staying', 60)
  const note = await publishNote(relay, keyOf(me), 'A note I am about to delete')
  await showEveryNote(page)
  await openApp([relay], '/?nsecLogin=true')
  await logInInDialog(page, me.nsec)

  const row = card(feed(page), note.id)
  await expect(row).toBeVisible()
  const more = row.getByRole('button', { name: 'More' })
  await expect(more).toHaveAttribute('aria-haspopup', 'menu')
  await expect(more).toHaveAttribute('aria-expanded', 'false')

  // By keyboard: ArrowDown opens the menu on its first item; Escape closes it, focus back.
  await more.focus()
  await page.keyboard.press('ArrowDown')
  const menu = page.getByRole('menu', { name: 'More' })
  await expect(menu).toBeVisible()
  await expect(more).toHaveAttribute('aria-expanded', 'true')
  const remove = menu.getByRole('menuitem', { name: 'Delete' })
  await expect(remove).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(more).toBeFocused()
  // A click outside closes it too.
  await more.click()
  await expect(menu).toBeVisible()
  await page.getByRole('banner').click({ position: { x: 5, y: 5 } })
  await expect(menu).toBeHidden()
  // Someone else's note offers no Delete (its mutes and Report instead, reports.spec.ts).
  const shown = await feed(page)
    .locator('article[data-note-id]')
    .evaluateAll((articles) => articles.map((article) => article.getAttribute('data-note-id')))
  const authorOf = new Map(relay.events().map((event) => [event.id, event.pubkey]))
  const theirs = shown.find((id) => id && authorOf.get(id) !== me.pubkey)
  if (!theirs) throw new Error('the feed shows other people’s notes')
  // A note may show twice: as itself and under someone's repost.
  await card(feed(page), theirs).first().getByRole('button', { name: 'More' }).click()
  await expect(menu.getByRole('menuitem', { name: 'Mute this thread' })).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0)
  await expect(menu.getByRole('menuitem', { name: 'Report' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()

  await more.click()
  await page.screenshot({ path: test.info().outputPath('delete-menu.png') })
  await page.keyboard.press('Enter')
  const dialog = deleteDialog(page)
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('asked to delete it')
  await expect(dialog).toContainText('Copies elsewhere may remain')
  await dialog.getByLabel(/Reason/).fill('posted too soon')
  await page.screenshot({ path: test.info().outputPath('delete-dialog.png') })
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Note deleted' })).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(card(feed(page), note.id)).toHaveCount(0)
  await expect(card(feed(page), older.id)).toBeVisible()
  // Signed by the user, naming the note and its kind, with the reason; the relay kept the note.
  const [deletion, ...more5] = deletionsOn(relay, note.id)
  expect(more5).toEqual([])
  expect(deletion).toMatchObject({ pubkey: me.pubkey, content: 'posted too soon' })
  expect(deletion?.tags).toEqual([
    ['e', note.id],
    ['k', '1'],
    ['client', 'Plume'],
  ])
  expect(relay.events().some((event) => event.id === note.id)).toBe(true)

  await page.getByRole('link', { name: 'Your profile' }).click()
  await expect(card(feed(page), older.id)).toBeVisible()
  await expect(card(feed(page), note.id)).toHaveCount(0)

  // A reload paints from the stored cache, which has the deletion once saved: the note never
  // shows, though the relay still serves it.
  await expect.poll(() => storedDeleted(page, note.id)).toBe(true)
  await page.goto(new URL('/', page.url()).href)
  await expect(card(feed(page), older.id)).toBeVisible()
  expect(await card(page, note.id).count()).toBe(0)
  await page.reload()
  await expect(card(feed(page), older.id)).toBeVisible()
  await expect(card(page, note.id)).toHaveCount(0)
})

test("a deletion by the note's author found on the relays hides it; one by anybody else does not", async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay({ keepDeleted: true })
  const [alice, bob] = world.accounts.filter((account) => account !== world.demoAccount)
  if (!alice || !bob) throw new Error('the world has people')
  const deleted = await publishNote(relay, keyOf(alice!), 'Alice took this one back')
  const kept = await publishNote(relay, keyOf(bob!), 'Bob meant this one', 1)
  const request = (key: Uint8Array, id: string) =>
    relay.publish(
      finalizeEvent(
        { kind: 5, created_at: Math.floor(Date.now() / 1000), tags: [['e', id]], content: '' },
        key,
      ),
    )
  await request(keyOf(alice!), deleted.id)
  // Anyone can sign a request naming any note: NIP-09 says to ignore it.
  await request(generateSecretKey(), kept.id)
  await request(keyOf(alice!), kept.id)

  await showEveryNote(page)
  await openApp([relay])
  await expect(card(feed(page), kept.id)).toBeVisible()
  await expect(card(feed(page), deleted.id)).toHaveCount(0)
  expect(relay.events().some((event) => event.id === deleted.id)).toBe(true)

  // Opened by its link, it is a line that says so, with nothing to open.
  await page.goto(new URL(`/note/${nip19.noteEncode(deleted.id)}`, page.url()).href)
  await expect(page.locator(`[data-deleted-id="${deleted.id}"]`)).toHaveText(
    'Note deleted by its author',
  )
  await expect(page.getByText('Alice took this one back')).toHaveCount(0)
  await page.goto(new URL(`/note/${nip19.noteEncode(kept.id)}`, page.url()).href)
  await expect(page.locator('.thread-focused').getByText('Bob meant this one')).toBeVisible()
})

test('every relay refuses the deletion: the note comes back and the dialog says why', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay({ faults: refuseWrites() })
  const me = world.demoAccount
  const note = await publishNote(relay, keyOf(me), 'Nobody will take my deletion')
  await showEveryNote(page)
  await openApp([relay], '/?nsecLogin=true')
  await logInInDialog(page, me.nsec)

  const row = card(feed(page), note.id)
  await row.getByRole('button', { name: 'More' }).click()
  await page.getByRole('menuitem', { name: 'Delete' }).click()
  const dialog = deleteDialog(page)
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click()

  const alert = dialog.getByRole('alert')
  await expect(alert.locator('.action-failure-message')).toHaveText('Delete failed')
  await expect(alert.locator('.action-failure-detail')).toHaveText(
    `Publish failed: ${relay.url}: ${REFUSAL}`,
  )
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled()
  await page.screenshot({ path: test.info().outputPath('delete-refused.png') })
  expect(relay.stats().events).toBeGreaterThan(0)
  expect(deletionsOn(relay, note.id)).toEqual([])

  await dialog.getByRole('button', { name: 'Close' }).last().click()
  await expect(dialog).toBeHidden()
  // Back in the feed, where it was.
  await expect(card(feed(page), note.id)).toBeVisible()
})

test('a More menu whose code is still loading closes on Escape or a press elsewhere, and does not open late', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // The menu's code held back, as on a slow phone's first opening.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/NoteMenu-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await openApp([await launchRelay()], '/')
  const rows = feed(page).locator('article[data-note-id]')
  const more = (index: number) => rows.nth(index).getByRole('button', { name: 'More' })
  const menus = page.getByRole('menu', { name: 'More' })

  await more(0).click()
  await expect(more(0)).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(more(0)).toHaveAttribute('aria-expanded', 'false')

  await more(1).click()
  await expect(more(1)).toHaveAttribute('aria-expanded', 'true')
  await page.getByRole('banner').click({ position: { x: 5, y: 5 } })
  await expect(more(1)).toHaveAttribute('aria-expanded', 'false')

  // The code arrives: neither opens; the next press opens one menu, the pressed one's.
  const loaded = page.waitForEvent('requestfinished', (request) =>
    /\/assets\/NoteMenu-/.test(request.url()),
  )
  release()
  await loaded
  await more(2).click()
  await expect(menus).toHaveCount(1)
  await expect(menus.getByRole('menuitem')).toHaveText(['No actions for this note'])
  await expect(more(2)).toHaveAttribute('aria-expanded', 'true')
  await expect(more(0)).toHaveAttribute('aria-expanded', 'false')
  await expect(more(1)).toHaveAttribute('aria-expanded', 'false')
})
