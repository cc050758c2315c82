/**
 * Settings, Proof of Work (spec §2, §4, §5; README "proof-of-work difficulty"): the toggle and
 * the difficulty field, disabled while off, showing the value that will be used: 16, the user's
 * saved value, or more when a relay written to asks for more in its NIP-11 document.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const section = (page: Page) => page.getByRole('region', { name: 'Proof of Work' })
const toggle = (page: Page) => section(page).getByRole('switch', { name: 'Mine Proof of Work' })
const field = (page: Page) => section(page).getByLabel('Difficulty (leading zero bits, 1 to 24)')
const save = (page: Page) => section(page).getByRole('button', { name: 'Apply' })
const stored = (page: Page, key: string) => page.evaluate((name) => localStorage.getItem(name), key)

async function saveDifficulty(page: Page, value: string) {
  await field(page).fill(value)
  await save(page).click()
}

test('proof of work: off by default, 16 when on, the highest relay requirement, the user’s value, 1 to 24', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const powRelay = await launchRelay({
    name: 'PoW relay',
    info: { limitation: { min_pow_difficulty: 20 } },
  })
  await openApp([relay, powRelay], '/?settings=true')

  // Off: the field is disabled, and shows what turning it on would use: the relay asks for 20.
  await expect(toggle(page)).not.toBeChecked()
  await expect(field(page)).toBeDisabled()
  await expect(field(page)).toHaveValue('20')
  await expect(save(page)).toBeDisabled()
  await expect(section(page)).toContainText('Off: notes are published without proof of work.')

  // On: the relay that asks for 20 bits raises the default 16, and says so.
  await toggle(page).check()
  expect(await stored(page, 'powEnabled')).toBe('true')
  await expect(field(page)).toBeEnabled()
  await expect(field(page)).toHaveValue('20')
  await expect(section(page)).toContainText(`${powRelay.url} asks for 20`)

  // Out of range: the message, the typed value kept, nothing saved.
  await saveDifficulty(page, '25')
  await expect(section(page).getByRole('alert')).toHaveText(
    'Difficulty must be a whole number from 1 to 24',
  )
  await expect(field(page)).toHaveValue('25')
  await expect(field(page)).toHaveAttribute('aria-invalid', 'true')
  expect(await stored(page, 'powTargetBits')).toBeNull()
  await saveDifficulty(page, '0')
  await expect(section(page).getByRole('alert')).toBeVisible()

  // Above the relay's requirement: the user's value is used.
  await saveDifficulty(page, '22')
  await expect(section(page).getByRole('alert')).toHaveCount(0)
  await expect(field(page)).toHaveValue('22')
  expect(await stored(page, 'powTargetBits')).toBe('22')
  await expect(section(page)).toContainText('mined to 22 bits before publishing (your setting)')

  // Below it: saved as typed, but the field shows the 20 that will be used.
  await saveDifficulty(page, '10')
  expect(await stored(page, 'powTargetBits')).toBe('10')
  await expect(field(page)).toHaveValue('20')

  // Kept across a reload; off again disables the field.
  await page.reload()
  await expect(toggle(page)).toBeChecked()
  await expect(field(page)).toHaveValue('20')
  await toggle(page).uncheck()
  expect(await stored(page, 'powEnabled')).toBe('false')
  await expect(field(page)).toBeDisabled()
  await expect(field(page)).toHaveValue('20')
})

test('proof of work: 16 when on without override and no relay asking for more', async ({
  page,
  launchRelay,
  openApp,
}) => {
  await openApp([await launchRelay()], '/?settings=true')
  await toggle(page).check()
  await expect(field(page)).toHaveValue('16')
  await expect(section(page)).toContainText('mined to 16 bits before publishing (the default)')
})
