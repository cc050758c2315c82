/**
 * Mentioning someone in the composer: `@` and the start of a name lists matching people, the
 * ones the user follows first; choosing one writes their NIP-27 reference, which the published
 * note carries as a `p` tag (read back from the relay).
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { logInWithNsec } from './login.ts'
import { publishedEvents } from './seeded.ts'

const CLIENT = ['client', 'Plume']

async function closeSettings(page: Page) {
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await settings.getByRole('button', { name: 'Back' }).click()
  await expect(settings).toHaveCount(0)
}

test('typing @ and the start of a followed name offers them; the keyboard picks one, and the note tags them', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const published = publishedEvents(relay)
  const me = world.demoAccount
  const follows = new Set(
    relay
      .events()
      .filter((event) => event.kind === 3 && event.pubkey === me.pubkey)
      .flatMap((event) => event.tags.filter((tag) => tag[0] === 'p').map((tag) => tag[1])),
  )
  const hannah = world.accounts.find((account) => account.name === 'hannah')!
  const hana = world.accounts.find((account) => account.name === 'hana')!
  expect(follows.has(hannah.pubkey) && follows.has(hana.pubkey)).toBe(true)

  await openApp([relay], '/create')
  await logInWithNsec(page, me)
  await closeSettings(page)

  const box = page.getByLabel("What's on your mind?")
  await box.fill('Thanks ')
  await box.pressSequentially('@han')
  const suggestions = page.getByRole('listbox', { name: 'People to mention' })
  await expect(box).toHaveAttribute('aria-controls', (await suggestions.getAttribute('id'))!)
  // Both are followed: by name, Hana before Hannah.
  const options = suggestions.getByRole('option')
  await expect(options.nth(0)).toContainText('Hana Novak')
  await expect(options.nth(1)).toContainText('Hannah Reyes')
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true')
  await page.screenshot({ path: 'test-results/screenshots/mentions-list.png' })

  // One more letter narrows the list; Escape closes it and leaves the text as typed.
  await box.press('n')
  await expect(options).toHaveCount(1)
  await box.press('Escape')
  await expect(suggestions).toHaveCount(0)
  await expect(box).toHaveValue('Thanks @hann')
  await box.press('Backspace')
  await expect(options).toHaveCount(2)

  // Down to Hannah, Enter: her NIP-27 reference in place of what was typed.
  await box.press('ArrowDown')
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(box).toHaveAttribute(
    'aria-activedescendant',
    (await options.nth(1).getAttribute('id'))!,
  )
  await box.press('Enter')
  await expect(suggestions).toHaveCount(0)
  await expect(box).toHaveValue(`Thanks nostr:${hannah.npub} `)
  await box.pressSequentially('and @marc')

  // A click chooses too.
  const marcus = world.accounts.find((account) => account.name === 'marcus')!
  await suggestions.getByRole('option', { name: /Marcus Okafor/ }).click()
  const text = `Thanks nostr:${hannah.npub} and nostr:${marcus.npub} `
  await expect(box).toHaveValue(text)
  await expect(box).toBeFocused()

  await page.getByRole('button', { name: 'Publish' }).click()
  // The space after the last mention is trimmed with the rest of the text's ends.
  const note = await published(me.pubkey, 1, (event) => event.content === text.trimEnd())
  expect(note.tags).toEqual([['p', hannah.pubkey], ['p', marcus.pubkey], CLIENT])
})
