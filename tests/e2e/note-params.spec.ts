/**
 * The URL parameters that name a note (?thread=, ?reply=, ?repost=) take it as /note/ does, note1
 * or nevent1, and as the 64 hex the app writes itself; anything else says 'Invalid note id' in the
 * overlay (?delete= and ?report= too), the feed still under it. Escape on a note page goes back where the reader came from.
 */
import type { Page } from '@playwright/test'
import { neventEncode, noteEncode } from 'nostr-tools/nip19'
import type { RelayHandle } from '../peers/relay.ts'
import { expect, test } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'

/** The feed's cards by CSS, not role: a modal dialog hides the page from the accessibility tree. */
const feedCards = (page: Page) => page.locator('[role="feed"][aria-label="Notes"] article')

/** A seeded root note (no e tag), the kind every one of these modals shows. */
const rootNote = (relay: RelayHandle) =>
  relay.events().find((e) => e.kind === 1 && !e.tags.some((tag) => tag[0] === 'e'))!

const MODALS = [
  { param: 'thread', title: 'Thread', shown: '.thread-focused [data-note-id]' },
  { param: 'reply', title: 'Reply', shown: '.compose-target [data-note-id]' },
  { param: 'repost', title: 'Repost', shown: '.compose-target [data-note-id]' },
] as const

for (const { param, title, shown } of MODALS) {
  test(`?${param}= opens the note named by note1, nevent1 or hex`, async ({
    page,
    launchRelay,
    openApp,
  }) => {
    const relay = await launchRelay()
    const note = rootNote(relay)
    const app = await openApp([relay])
    const forms = {
      note1: noteEncode(note.id),
      nevent1: neventEncode({ id: note.id, relays: [relay.url], author: note.pubkey }),
      hex: note.id,
    }
    for (const [form, value] of Object.entries(forms)) {
      await test.step(`by ${form}`, async () => {
        await page.goto(`${app.url}/?${param}=${value}`)
        const modal = page.getByRole('dialog', { name: title })
        await expect(modal.locator(shown)).toHaveAttribute('data-note-id', note.id)
        await expect(page.getByText('Component Error')).toHaveCount(0)
      })
    }
  })
}

test("anything else reads 'Invalid note id' in the overlay, over the feed", async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  const app = await openApp([relay])
  await expect(feedCards(page).first()).toBeVisible()
  const garbage = {
    thread: 'note1xyz',
    reply: world.accounts[0]!.npub,
    // Digits only: the router reads it as a number, not a string.
    repost: '123',
    delete: 'nevent1',
    report: 'f'.repeat(63),
  }
  const WITH_DIALOGS = [
    ...MODALS,
    { param: 'delete', title: 'Delete note' },
    { param: 'report', title: 'Report note' },
  ] as const
  for (const { param, title } of WITH_DIALOGS) {
    await test.step(`?${param}=${garbage[param]}`, async () => {
      await page.goto(`${app.url}/?${param}=${garbage[param]}`)
      const modal = page.getByRole('dialog', { name: title })
      await expect(modal.getByRole('alert')).toHaveText('Invalid note id')
      await expect(feedCards(page).first()).toBeVisible()
      await expect(page.getByText('Component Error')).toHaveCount(0)
      if (param === 'thread') {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 844 })
          await page.screenshot({ path: test.info().outputPath(`invalid-thread-${width}.png`) })
        }
        await page.setViewportSize({ width: 1280, height: 720 })
      }
      // Closing it leaves the page that was under it.
      await modal.getByRole('button', { name: 'Close' }).click()
      await expect(modal).toHaveCount(0)
      await expect(page).toHaveURL(`${app.url}/`)
    })
  }
})

test('Escape on a note page goes back, unless an overlay is open or a field has the focus', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  const app = await openApp([relay])
  const card = feedCards(page).first()
  const id = await card.getAttribute('data-note-id')
  await card.locator('.note-time').click()
  await expect(page).toHaveURL(`${app.url}/note/${noteEncode(id!)}`)
  const focused = page.locator('.thread-focused [data-note-id]')
  await expect(focused).toHaveAttribute('data-note-id', id!)

  // Typing in a field: Escape is the field's. The page has none outside overlays; one is added.
  await page.evaluate(() => {
    const field = document.createElement('input')
    field.id = 'typing-here'
    document.querySelector('main')?.prepend(field)
  })
  await page.locator('#typing-here').focus()
  await page.keyboard.press('Escape')
  await expect(page.locator('#typing-here')).toBeFocused()
  await page.locator('#typing-here').evaluate((field) => field.remove())
  // An overlay open: Escape closes it, and only it.
  await page.locator('.thread-focused').getByRole('button', { name: 'Reply', exact: true }).click()
  const reply = page.getByRole('dialog', { name: 'Reply' })
  await expect(reply.getByRole('textbox')).toBeVisible()
  await reply.getByRole('button', { name: 'Close' }).focus()
  await page.keyboard.press('Escape')
  await expect(reply).toHaveCount(0)
  await expect(page).toHaveURL(`${app.url}/note/${noteEncode(id!)}`)
  await expect(focused).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(`${app.url}/`)
  await expect(feedCards(page).first()).toBeVisible()

  // Opened from outside, with nothing to go back to: the feed.
  await page.goto(`${app.url}/note/${noteEncode(id!)}`)
  await expect(focused).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page).toHaveURL(`${app.url}/`)
  await expect(feedCards(page).first()).toBeVisible()
})
