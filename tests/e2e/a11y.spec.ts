import AxeBuilder from '@axe-core/playwright'
import { noteEncode, npubEncode } from 'nostr-tools/nip19'
import { expect, test } from './fixtures.ts'

/** The main routes and overlays, each audited once its content is in. */
test('no serious or critical accessibility violation on the main routes', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(120_000)
  const relay = await launchRelay()
  const note = relay
    .events()
    .filter((event) => event.kind === 1)
    .sort((a, b) => b.created_at - a.created_at)[0]!
  const npub = npubEncode(world.demoAccount.pubkey)
  const routes: Array<[path: string, ready: (page: import('@playwright/test').Page) => unknown]> = [
    ['/', (p) => expect(p.getByRole('feed').getByRole('article').first()).toBeVisible()],
    [
      `/note/${noteEncode(note.id)}`,
      (p) => expect(p.locator(`[data-note-id="${note.id}"]`).first()).toBeVisible(),
    ],
    [`/npub/${npub}`, (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    [`/npub/${npub}/following`, (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/search', (p) => expect(p.getByRole('searchbox')).toBeVisible()],
    ['/about', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    [
      '/?settings=true',
      (p) => expect(p.getByRole('heading', { name: 'Relay Management' })).toBeVisible(),
    ],
    ['/?relayHealth=true', (p) => expect(p.getByRole('dialog')).toBeVisible()],
  ]
  const server = await openApp([relay])
  const found: string[] = []
  for (const [path, ready] of routes) {
    await page.goto(`${server.url}${path}`)
    await ready(page)
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue
      const where = violation.nodes.map((node) => node.target.join(' ')).slice(0, 3)
      found.push(`${path}: ${violation.id} (${violation.impact}) at ${where.join(', ')}`)
    }
  }
  expect(found).toEqual([])
})
