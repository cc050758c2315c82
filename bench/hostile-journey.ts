/**
 * The hostile-relay spec's journey (tests/e2e/hostile-relays.spec.ts), walked for the bench: the
 * feed's first rows, /notifications as a read-only user, then back to the feed. The same steps
 * and selectors as the spec, with waits where the spec asserts: the spec's steps are woven with
 * Playwright Test's `expect` (through tests/e2e/fixtures.ts and feed-rows.ts), which the bench,
 * driving playwright-core, does not load. A change to the spec's journey belongs here too.
 *
 * The one polled function is a bare arrow with no named function inside (bench/page-wait.ts: the
 * page's CSP refuses a polled string, and tsx wraps named functions in a helper the page lacks).
 */
import type { Page } from 'playwright-core'

/** The feed's first rows the spec compares with the healthy relay's. */
const FIRST_ROWS = 3
/** As long as the spec gives /notifications to show each mention. */
const NOTIFICATIONS_TIMEOUT_MS = 20_000

export interface Journey {
  /** The user's npub, typed into Settings as a read-only login. */
  npub: string
  /** Ids of the notes and reposts on the healthy relay: the feed's first rows are among them. */
  healthyRows: string[]
  /** A text of each mention's row on /notifications (the spec's: its last 9 characters). */
  mentions: string[]
  /** The case's `reading`: called once the feed shows its first rows. */
  reading?: () => void
}

/** Until the feed's first rows are all the healthy relay's (the spec: its newest, in order). */
async function firstRowsHealthy(page: Page, ids: string[]): Promise<void> {
  await page.waitForFunction(
    ([healthy, count]) => {
      const rows = [...document.querySelectorAll('[role=feed] article')].slice(0, count)
      return (
        rows.length === count &&
        rows.every((row) =>
          healthy.includes(
            row.getAttribute('data-repost-id') ?? row.getAttribute('data-note-id') ?? '',
          ),
        )
      )
    },
    [ids, FIRST_ROWS] as const,
  )
}

async function logInReadOnly(page: Page, npub: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByLabel('Public key (read only)').fill(npub)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page
    .getByTestId('key-status')
    .filter({ hasText: /^Using Public Key Only$/ })
    .waitFor()
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Back', exact: true })
    .click()
}

/** Walks the journey on a page already opened on the app; throws where the spec would fail. */
export async function walkJourney(page: Page, journey: Journey): Promise<void> {
  await firstRowsHealthy(page, journey.healthyRows)
  journey.reading?.()

  await logInReadOnly(page, journey.npub)
  await page
    .locator('header')
    .getByRole('link', { name: /^Notifications/ })
    .click()
  const rows = page.locator('.notification-list > li')
  for (const text of journey.mentions) {
    await rows.filter({ hasText: text }).waitFor({ timeout: NOTIFICATIONS_TIMEOUT_MS })
  }

  // Back to the feed: after a flood, more rows than the first (its valid notes are the newest).
  await page.locator('header').getByRole('link', { name: 'Plume, home feed' }).click()
  if (journey.reading) await page.getByRole('feed').getByRole('article').nth(FIRST_ROWS).waitFor()
  else await firstRowsHealthy(page, journey.healthyRows)
}
