import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { noteEncode, npubEncode } from 'nostr-tools/nip19'
import { expect, test } from './fixtures.ts'

/** The main routes and overlays, each audited once its content is in. */
test('no serious or critical accessibility violation on the main routes', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  // Eight routes, each audited by axe: 60-96 s in four full runs with both cores busy; 138 s in
  // one where a second full run shared the cores (21 s of it its fixtures' start).
  test.setTimeout(240_000)
  const relay = await launchRelay()
  const note = relay
    .events()
    .filter((event) => event.kind === 1)
    .sort((a, b) => b.created_at - a.created_at)[0]!
  const npub = npubEncode(world.demoAccount.pubkey)
  const routes: Array<[path: string, ready: (page: Page) => unknown]> = [
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

/** The chunk of this component is served `ms` late. */
const codeComesLate = (page: Page, component: string, ms: number) =>
  page.route(new RegExp(`/assets/${component}-[\\w-]+\\.js$`), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await route.continue()
  })

test('a dialog opened from Settings leaves Settings shown while it loads; closing returns the focus to what opened it', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // The dialog's code comes late, as on a slow line.
  await codeComesLate(page, 'NsecLoginModal', 400)
  await openApp([await launchRelay()])
  const settingsButton = page.getByRole('button', { name: 'Settings' })
  await settingsButton.click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await expect(settings).toBeVisible()
  const opener = settings.getByRole('button', { name: 'Nsec Secret Key' })
  await opener.focus()
  // Every frame from the key press until the dialog shows: Settings still drawn under it.
  await page.evaluate(() => {
    const frames: boolean[] = []
    ;(window as { settingsFrames?: boolean[] }).settingsFrames = frames
    const draw = () => {
      frames.push(document.querySelector('dialog.modal-full')?.checkVisibility() ?? false)
      const shown = [...document.querySelectorAll('dialog h2')].some(
        (title) => title.textContent === 'Nsec Secret Key',
      )
      if (!shown && frames.length < 600) requestAnimationFrame(draw)
    }
    requestAnimationFrame(draw)
  })
  await page.keyboard.press('Enter')
  const nsec = page.getByRole('dialog', { name: 'Nsec Secret Key' })
  await expect(nsec).toBeVisible()
  const frames = await page.evaluate(
    () => (window as { settingsFrames?: boolean[] }).settingsFrames,
  )
  expect(frames!.length).toBeGreaterThan(5)
  expect(frames!.filter((shown) => !shown)).toEqual([])

  await page.keyboard.press('Escape')
  await expect(nsec).toHaveCount(0)
  await expect(opener).toBeFocused()
  await settings.getByRole('button', { name: 'Back' }).click()
  await expect(settings).toHaveCount(0)
  await expect(settingsButton).toBeFocused()
})

test('overlays opened together by a link stack in their order, whichever code comes first', async ({
  page,
  launchRelay,
  openApp,
}) => {
  // Settings' code comes last, 1.5 s late (past the 300 ms for which React holds back reveals to
  // show them together): the dialog opened from it must still show over it.
  await codeComesLate(page, 'SettingsOverlay', 1500)
  await openApp([await launchRelay()], '/?settings=true&nsecLogin=true')
  const nsec = page.getByRole('dialog', { name: 'Nsec Secret Key' })
  await expect(nsec).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
  const onTop = await nsec.evaluate((dialog) => {
    const box = dialog.getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return dialog.contains(hit)
  })
  expect(onTop).toBe(true)
  await nsec.getByLabel('Secret key').fill('nsec1')
  await expect(nsec.getByLabel('Secret key')).toHaveValue('nsec1')
})
