/**
 * What the user publishes shows where it belongs at once, and still after a reload: their
 * profile's notes tab (notes, a reply, a quote, a repost), the thread the reply answers, the feed.
 * A new account with nothing yet says so plainly; a profile no relay answers for still fails with
 * the spec's texts (§8).
 */
import type { Page } from '@playwright/test'
import { nip19 } from 'nostr-tools'
import { noteEncode, npubEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import type { RelayFaults } from '../peers/faults.ts'
import { expect, test } from './fixtures.ts'
import { logInInDialog } from './login.ts'
import { showEveryNote } from './plain-feed.ts'
import { seededRoot } from './seeded.ts'

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })

const notesTab = (page: Page) => page.getByRole('feed', { name: 'Notes' })

async function publishNote(page: Page, text: string) {
  await page.getByRole('link', { name: 'New note' }).click()
  await page.getByLabel("What's on your mind?").fill(text)
  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByText('Published')).toBeVisible()
}

test('a new account: "No notes yet", then each note, reply, quote and repost shows on its profile at once and after a reload', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // Five publishes, three page loads: more steps than one test's usual time.
  test.slow()
  const relay = await launchRelay()
  const key = generateSecretKey()
  const pubkey = getPublicKey(key)
  const npub = npubEncode(pubkey)
  const root = seededRoot(relay)
  // The feed as everyone sees it, not only notes with pictures (the fresh install's filters).
  await showEveryNote(page)
  const server = await openApp([relay], `/npub/${npub}?nsecLogin=true`)
  await logInInDialog(page, nip19.nsecEncode(key))

  // Relays answered and hold nothing by them: said plainly, no error.
  await expect(page.getByText('No notes yet')).toBeVisible()
  const header = page.locator('.profile-header')
  await expect(header.getByRole('heading', { level: 1 })).toHaveText(
    `${npub.slice(0, 13)}…${npub.slice(-13)}`,
  )
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByText(/Failed to load/)).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('own-empty-1280.png') })

  // Two notes, each on the profile as soon as it is published.
  for (const text of ['My first note', 'My second note']) {
    await publishNote(page, text)
    await page.getByRole('link', { name: 'Your profile' }).click()
    await expect(notesTab(page).getByText(text)).toBeVisible()
    await expect(page.getByText('No notes yet')).toHaveCount(0)
  }
  // They match the home feed (everyone), so they are there too.
  await page.getByRole('link', { name: 'Plume, home feed' }).click()
  await expect(page.getByRole('feed').getByText('My second note')).toBeVisible()

  // A reply, a quote and a repost of someone's note, from its page.
  await page.goto(`${server.url}/note/${noteEncode(root.id)}?nsecLogin=true`)
  await logInInDialog(page, nip19.nsecEncode(key))
  const card = page.locator(`.thread-focused article[data-note-id="${root.id}"]`)
  await card.getByRole('button', { name: 'Reply' }).click()
  const replyDialog = dialog(page, 'Reply')
  await replyDialog.getByLabel('Your reply').fill('My reply')
  await replyDialog.getByRole('button', { name: 'Reply' }).click()
  await expect(replyDialog.getByText('Published')).toBeVisible()
  await replyDialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.locator('.thread').getByText('My reply')).toBeVisible()

  await card.getByRole('button', { name: 'Repost' }).click()
  const repostDialog = dialog(page, 'Repost')
  await repostDialog.getByLabel('Or quote it with your words').fill('My quote')
  await repostDialog.getByRole('button', { name: 'Quote' }).click()
  // Each closes the window once a relay accepts, and says so.
  await expect(page.getByRole('status').filter({ hasText: 'Quote published' })).toBeVisible()
  await expect(repostDialog).toBeHidden()
  await card.getByRole('button', { name: 'Repost' }).click()
  await repostDialog.getByRole('button', { name: 'Repost', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Reposted' })).toBeVisible()
  await expect(repostDialog).toBeHidden()
  await expect(card.getByRole('button', { name: 'Reposted' })).toBeVisible()

  const shown = async () => {
    const notes = notesTab(page)
    for (const text of ['My first note', 'My second note', 'My reply', 'My quote']) {
      await expect(notes.getByText(text)).toBeVisible()
    }
    // The repost, as the feed shows one: the note under "{name} reposted".
    const repost = notes.locator(`article[data-note-id="${root.id}"][data-repost-id]`)
    await expect(repost.locator('.note-repost')).toContainText('reposted')
    await expect(page.getByRole('alert')).toHaveCount(0)
  }
  await page.getByRole('link', { name: 'Your profile' }).click()
  await shown()
  await page.screenshot({ path: test.info().outputPath('own-posts-1280.png') })

  // A reload starts from the stored cache: what it held is refreshed, not taken as the truth, so
  // a note they sent from another device meanwhile shows too.
  const elsewhere = finalizeEvent(
    { kind: 1, created_at: Math.floor(Date.now() / 1000), tags: [], content: 'From my phone' },
    key,
  )
  await relay.publish(elsewhere)
  await page.reload()
  await shown()
  await expect(notesTab(page).getByText('From my phone')).toBeVisible()
})

const FAULTS: Record<string, RelayFaults> = {
  'never answers': { dropAll: true },
  'closes every request': {
    rewrite: (frame) => (frame[0] === 'EOSE' ? ['CLOSED', frame[1], 'blocked: no reads'] : frame),
  },
}

for (const [relayDoes, faults] of Object.entries(FAULTS)) {
  test(`a relay that ${relayDoes}: the spec's failure texts, not "No notes yet"`, async ({
    page,
    launchRelay,
    openApp,
  }) => {
    const relay = await launchRelay({ faults })
    await openApp([relay], `/npub/${npubEncode(getPublicKey(generateSecretKey()))}`)
    // Each query is tried twice (spec §9, retry 1), each waiting for the relay's answer.
    await expect(page.locator('.profile-header').getByRole('alert')).toHaveText(
      'Failed to load profile',
      { timeout: 30_000 },
    )
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load notes' })).toBeVisible({
      timeout: 30_000,
    })
    await expect(page.getByText('No notes yet')).toHaveCount(0)
  })
}
