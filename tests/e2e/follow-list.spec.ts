/**
 * A follow list that cannot be lost (kind 3, NIP-02): relays keep only a user's newest list, so a
 * stale client that publishes a short one replaces the good one everywhere. Here the test is that
 * client: it signs a newer kind 3 with few entries as the demo account and puts it straight on the
 * relay. Plume catches it from a version it saw before the shrink (the app open first) or from a
 * relay that still holds the earlier list, and the user puts the earlier list back, read back
 * from the relay.
 */
import { hexToBytes } from '@noble/hashes/utils.js'
import type { Page } from '@playwright/test'
import { finalizeEvent, type NostrEvent } from 'nostr-tools/pure'
import { CONTACT_VERSIONS_DATABASE } from '../../src/actors/people/contact-versions.ts'
import { FOLLOW_LIST_FAILED, FOLLOW_LIST_NONE } from '../../src/core/people/contact-versions.ts'
import type { RelayHandle } from '../peers/relay.ts'
import type { DemoAccount, DemoWorld } from '../peers/seed/types.ts'
import { expect, test } from './fixtures.ts'
import { logInInDialog, logInWithNsec } from './login.ts'
import { newestOf } from './seeded.ts'
import { record } from './stored-cache.ts'

const header = (page: Page) => page.locator('.profile-header')
const button = (page: Page, name: string) => header(page).getByRole('button', { name, exact: true })
const person = (world: DemoWorld, name: string) => world.accounts.find((a) => a.name === name)!
const people = (event: NostrEvent) => event.tags.filter((tag) => tag[0] === 'p').length
const signedAs = (account: DemoAccount, template: Omit<NostrEvent, 'id' | 'sig' | 'pubkey'>) =>
  finalizeEvent(template, hexToBytes(account.secretKeyHex))

/** What a stale client publishes: a newer list keeping only the first person of `list`. */
function shrunkFrom(account: DemoAccount, list: NostrEvent): NostrEvent {
  const first = list.tags.find((tag) => tag[0] === 'p')!
  return signedAs(account, {
    kind: 3,
    created_at: Math.max(Math.floor(Date.now() / 1000), list.created_at + 1),
    tags: [first],
    content: '',
  })
}

/** The relay's newest list once it is not `before` any more. */
async function replaced(relay: RelayHandle, pubkey: string, before: NostrEvent) {
  await expect.poll(() => newestOf(relay, 3, pubkey).id).not.toBe(before.id)
  return newestOf(relay, 3, pubkey)
}

/** The versions of the user's list in the device's own store: how many people each names. */
const keptVersions = (page: Page, pubkey: string): Promise<number[]> =>
  page.evaluate(
    ([database, user]) =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open(database)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const get = open.result.transaction('versions').objectStore('versions').get(user)
          get.onsuccess = () => {
            const kept = get.result as { versions: { count: number }[] } | undefined
            resolve(kept?.versions.map((version) => version.count) ?? [])
          }
          get.onerror = () => reject(get.error)
        }
      }),
    [CONTACT_VERSIONS_DATABASE, pubkey] as const,
  )

const versionsOf = (page: Page) =>
  page.getByRole('list', { name: 'Follow list versions' }).getByRole('listitem')

test('a list shrunk after Plume saw it: the next follow asks, restores it first; Settings shows the versions', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const sven = person(world, 'sven') // the demo account does not follow sven
  const before = newestOf(relay, 3, me.pubkey)
  const count = people(before)
  expect(count).toBeGreaterThan(5)
  await openApp([relay], `/npub/${sven.npub}`)
  await page.getByRole('banner').getByLabel('Log in').click()
  await page
    .getByRole('dialog', { name: 'Log in' })
    .getByRole('button', { name: 'Nsec Secret Key' })
    .click()
  await logInInDialog(page, me.nsec)
  // The user's list read (the Follow button asks for it): Plume has seen it now.
  await expect(button(page, 'Follow')).toBeEnabled()

  const shrunk = shrunkFrom(me, before)
  await relay.publish(shrunk)
  expect(newestOf(relay, 3, me.pubkey).id).toBe(shrunk.id)

  await button(page, 'Follow').click()
  const question = header(page).getByRole('alertdialog', { name: 'Restore your follow list?' })
  await expect(question).toContainText(
    new RegExp(
      `^Your newest follow list \\(.+\\) names 1 person; an earlier one \\(.+\\) named ${count} people\\. Another app may have published an old or empty copy\\. Restore the earlier list before this change\\?`,
    ),
  )
  await page.screenshot({ path: test.info().outputPath('follow-list-question.png') })
  await question.getByRole('button', { name: 'Restore it first' }).click()
  const restored = await replaced(relay, me.pubkey, shrunk)
  expect(restored.tags).toEqual([...before.tags, ['p', sven.pubkey]])
  expect(restored.content).toBe(before.content)
  await expect(button(page, 'Unfollow')).toBeVisible()
  await expect(question).toBeHidden()

  // Settings: the relay's newest is current; the earlier ones only on this device now.
  await page.getByRole('button', { name: 'Settings' }).click()
  const versions = versionsOf(page)
  await expect(versions).toHaveCount(3)
  await expect(versions.nth(0)).toContainText(`${count + 1} peoplecurrent`)
  await expect(versions.nth(0)).toContainText(`on ${relay.url}`)
  await expect(versions.nth(1)).toContainText('1 person')
  await expect(versions.nth(1)).toContainText('kept on this device')
  await expect(versions.nth(2)).toContainText(`${count} people`)
  await expect(versions.nth(2)).toContainText('kept on this device')
  await expect(versions.nth(0).getByRole('button', { name: 'Restore' })).toHaveCount(0)

  // Restoring the short one asks with the numbers; Cancel publishes nothing.
  await versions.nth(1).getByRole('button', { name: 'Restore' }).click()
  const shrink = page.getByRole('alertdialog', { name: 'Publish a shorter follow list?' })
  await expect(shrink).toHaveText(
    new RegExp(
      `^This would leave you following 1 person instead of ${count + 1}: ${count} of the people in your newest list would be dropped, on every relay\\.`,
    ),
  )
  await shrink.getByRole('button', { name: 'Cancel' }).click()
  await expect(shrink).toBeHidden()
  expect(newestOf(relay, 3, me.pubkey).id).toBe(restored.id)

  // Kept on this device, in a store of their own: the query cache they are shown from is gone
  // after 24 h away (or Clear Cache), and the earlier lists are nowhere else.
  await expect.poll(() => keptVersions(page, me.pubkey)).toEqual([count + 1, 1, count])
  const app = page.url()
  // Written from a page of the app's origin where the app does not run (it saves as it changes).
  await page.goto(new URL('/manifest.webmanifest', app).href)
  const stored = (await record.read(page)) as { timestamp: number }
  await record.write(page, { ...stored, timestamp: Date.now() - 25 * 3600_000 })
  await page.goto(new URL('/', app).href)
  // Logged in through Settings, which stays open on the versions.
  await logInWithNsec(page, me)
  await expect(versions).toHaveCount(3)
  await expect(versions.nth(1)).toContainText('kept on this device')
  await expect(versions.nth(2)).toContainText(`${count} people`)
  await expect(versions.nth(2).getByRole('button', { name: 'Restore' })).toBeVisible()
})

test('a list shrunk on one relay, the earlier one still on another: restored from Settings', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const first = await launchRelay()
  const second = await launchRelay()
  const me = world.demoAccount
  const before = newestOf(first, 3, me.pubkey)
  const count = people(before)
  // The user writes to both relays (NIP-65); the stale client reached only the first.
  const relayList = newestOf(first, 10002, me.pubkey)
  await first.publish(
    signedAs(me, {
      kind: 10002,
      created_at: relayList.created_at + 1,
      tags: [
        ['r', first.url],
        ['r', second.url],
      ],
      content: '',
    }),
  )
  const shrunk = shrunkFrom(me, before)
  await first.publish(shrunk)

  await openApp([first, second], '/')
  await page.getByRole('button', { name: 'Settings' }).click()
  const section = page.getByRole('region', { name: 'Follow list' })
  await expect(section).toContainText('Log in to see the versions of your follow list.')
  await page.getByRole('button', { name: 'Back' }).click()
  await logInWithNsec(page, me)

  const versions = versionsOf(page)
  await expect(versions).toHaveCount(2)
  await expect(versions.nth(0)).toContainText('1 personcurrent')
  await expect(versions.nth(0)).toContainText(`on ${first.url}`)
  await expect(versions.nth(1)).toContainText(`${count} people`)
  await expect(versions.nth(1)).toContainText(`on ${second.url}`)
  await page.screenshot({ path: test.info().outputPath('follow-list-settings.png') })

  await versions.nth(1).getByRole('button', { name: 'Restore' }).click()
  await expect(section.getByRole('status')).toHaveText(`Restored the list of ${count} people.`)
  await expect(section.getByRole('list', { name: 'Relay answers' })).toContainText('saved')
  const restored = await replaced(first, me.pubkey, shrunk)
  expect(restored.tags).toEqual(before.tags)
  expect(restored.content).toBe(before.content)
  expect(restored.created_at).toBeGreaterThan(shrunk.created_at)
  await expect.poll(() => newestOf(second, 3, me.pubkey).id).toBe(restored.id)
  await expect(versions.nth(0)).toContainText(`${count} peoplecurrent`)
})

test('no relay answering for the list: Settings says it failed, not that there is none; Try again reads it', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  const me = world.demoAccount
  const count = people(newestOf(relay, 3, me.pubkey))
  await openApp([relay], '/')
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible()
  relay.setFaults({ dropAll: true })
  await logInWithNsec(page, me)

  const section = page.getByRole('region', { name: 'Follow list' })
  const failed = section.getByRole('alert').filter({ hasText: FOLLOW_LIST_FAILED })
  // Asked twice (the query's one retry), each waiting out the relay's end of stored events.
  await expect(failed).toBeVisible({ timeout: 45_000 })
  await expect(section).not.toContainText(FOLLOW_LIST_NONE)

  relay.setFaults(undefined)
  await failed.getByRole('button', { name: 'Try again' }).click()
  await expect(versionsOf(page)).toHaveCount(1)
  await expect(versionsOf(page).nth(0)).toContainText(`${count} peoplecurrent`)
  await expect(failed).toHaveCount(0)
})
