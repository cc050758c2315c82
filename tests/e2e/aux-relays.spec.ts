/**
 * Routing made visible: a note's page says which relays sent it ("Seen on"), and a relay outside
 * the user's list that a request names shows in the Auxiliary Relays modal as a short-lived
 * connection, with why it was opened and the socket budget in use.
 */
import type { Page } from '@playwright/test'
import { neventEncode, noteEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { shortNoteId } from '../../src/core/relays/aux-reason-text.ts'
import { expect, test } from './fixtures.ts'
import { holdConfig } from './held-config.ts'

const focusedNote = (page: Page) => page.locator('.thread-focused [data-note-id]')
const seenOn = (page: Page) => page.getByTestId('seen-on')

test('a note page says which of your relays sent the note', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const [first, second] = await Promise.all([launchRelay(), launchRelay()])
  const note = first.events().find((event) => event.kind === 1)
  if (!note) throw new Error('the demo world has no note')

  await openApp([first, second], `/note/${noteEncode(note.id)}`)
  await expect(focusedNote(page)).toHaveAttribute('data-note-id', note.id)
  await expect(seenOn(page)).toContainText('Seen on')
  for (const relay of [first, second]) {
    await expect(seenOn(page).locator(`[data-relay="${relay.url}"]`)).toHaveText(relay.url)
  }
  await expect(seenOn(page).locator('[data-relay]')).toHaveCount(2)
})

test('a relay hint opens a short-lived connection: the modal says why, the note where it was seen', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const home = await launchRelay()
  const note = finalizeEvent(
    {
      kind: 1,
      created_at: Math.floor(Date.now() / 1000),
      tags: [],
      content: 'Only on the far relay',
    },
    generateSecretKey(),
  )
  const [far, locked] = await Promise.all([
    launchRelay({ seed: [note] }),
    // NIP-42: asks for AUTH and refuses REQs until then; answered only once the user allows it.
    launchRelay({ seed: [note], auth: { read: true } }),
  ])
  const nevent = neventEncode({ id: note.id, relays: [far.url, locked.url] })

  // The modal over the note page: it follows the connections as they open (each closes 10-20 s
  // after its last use, so they are looked at while the note loads).
  await openApp([home], `/note/${nevent}?auxRelays=true`)
  const modal = page.getByRole('dialog', { name: 'Auxiliary Relays' })
  const link = (url: string) => modal.locator(`.aux-link[data-relay="${url}"]`)
  const hint = `Hint for note ${shortNoteId(note.id)}`
  for (const url of [far.url, locked.url]) {
    await expect(link(url).locator('[data-field="reason"]')).toHaveText([hint])
    await expect(link(url).locator('[data-field="state"]')).toHaveText('Connected')
  }
  await expect(modal.locator('[data-field="sockets"]')).toHaveText(
    'Sockets open: 3 of 20 · your relays 1 · short-lived 2',
  )
  await expect(modal.getByText('No relay was refused.')).toBeVisible()

  await expect(link(far.url).locator('[data-field="auth"]')).toHaveCount(0)
  const auth = link(locked.url).locator('[data-field="auth"]')
  await expect(auth).toContainText('Asks you to sign in (NIP-42)')
  await auth.getByRole('button', { name: 'Allow sign-in here' }).click()
  await expect(auth).toHaveText('Sign-in allowed')

  await page.keyboard.press('Escape')
  await expect(modal).toHaveCount(0)
  await expect(focusedNote(page)).toHaveAttribute('data-note-id', note.id)
  await expect(seenOn(page).locator('[data-relay]')).toHaveText([far.url])
})

test('a hint naming one of your relays, asked before they run, opens no second connection to it', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const [home, other] = await Promise.all([launchRelay(), launchRelay()])
  const note = home.events().find((event) => event.kind === 1)
  if (!note) throw new Error('the demo world has no note')
  // The relays start with the configuration: held back, the note's request names its hint first.
  await holdConfig(page, 1500)
  const nevent = neventEncode({ id: note.id, relays: [home.url] })

  await openApp([home, other], `/note/${nevent}?auxRelays=true`, { inlineConfig: false })
  const modal = page.getByRole('dialog', { name: 'Auxiliary Relays' })
  // Shown once the auxiliary relays run: what was asked of them before is theirs by then.
  await expect(modal.getByText('No relay was refused.')).toBeVisible()
  await expect(modal.locator('[data-field="sockets"]')).toHaveText(
    'Sockets open: 2 of 20 · your relays 2 · short-lived 0',
  )
  await expect(modal.locator('.aux-link')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(focusedNote(page)).toHaveAttribute('data-note-id', note.id)
  await expect(seenOn(page).locator('[data-relay]')).toHaveCount(2)
})
