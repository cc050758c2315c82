/** A feed whose relays stopped answering: scrolled to its end until a page fails to load. */
import type { Locator, Page } from '@playwright/test'
import { FAILED_TO_LOAD_NOTES } from '../../src/core/relays/relay-messages.ts'
import { expect } from './fixtures.ts'

/** Scrolls to the feed's end until "Failed to load notes" shows; returns that alert. */
export async function scrollUntilFailed(page: Page): Promise<Locator> {
  const failed = page.getByRole('alert').filter({ hasText: FAILED_TO_LOAD_NOTES })
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return failed.isVisible()
      },
      { timeout: 30_000, intervals: [200] },
    )
    .toBe(true)
  return failed
}
