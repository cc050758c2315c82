/** Logging in through Settings as a person would, for tests that need a signed-in user. */
import { expect, type Page } from '@playwright/test'
import type { DemoAccount, DemoWorld } from '../peers/seed/types.ts'

export const PASSPHRASE = 'correct horse battery'

/** Settings, Nsec Secret Key, the account's nsec; saved under PASSPHRASE when `remember`. */
export async function logInWithNsec(page: Page, account: DemoAccount, { remember = false } = {}) {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('button', { name: 'Nsec Secret Key' }).click()
  const login = page.getByRole('dialog', { name: 'Nsec Secret Key' })
  await login.getByLabel('Secret key').fill(account.nsec)
  if (remember) {
    await login.getByLabel('Remember on this device, encrypted with a passphrase').check()
    await login.getByLabel('Passphrase (at least 8 characters)').fill(PASSPHRASE)
    await login.getByLabel('Confirm passphrase').fill(PASSPHRASE)
  }
  await login.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByTestId('key-status')).toHaveText('Key: Unlocked')
  // Saved by the time View nsec shows.
  if (remember) await expect(page.getByRole('button', { name: 'View nsec' })).toBeVisible()
}

/** Logs in with the nsec in the Nsec Secret Key dialog (open already, e.g. by ?nsecLogin=true). */
export async function logInInDialog(page: Page, nsec: string) {
  const dialog = page.getByRole('dialog', { name: 'Nsec Secret Key' })
  await dialog.getByLabel('Secret key').fill(nsec)
  await dialog.getByRole('button', { name: 'Log in' }).click()
  await expect(dialog).toBeHidden()
}

/** Logs in as the world's demo account (the dialog open already) and turns Follow Only on. */
export async function openFollowingFeed(page: Page, world: DemoWorld) {
  await logInInDialog(page, world.demoAccount.nsec)
  await page.getByRole('button', { name: 'Settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  const followOnly = settings.getByRole('switch', { name: 'Follow Only', exact: true })
  await followOnly.check()
  await expect(followOnly).toBeChecked()
  await settings.getByRole('button', { name: 'Back' }).click()
  await expect(settings).toHaveCount(0)
}
