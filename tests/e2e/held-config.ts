import type { Page } from '@playwright/test'
import { RUNTIME_CONFIG_PATH } from '../../src/core/platform/runtime-config.ts'

/**
 * The runtime configuration held back `ms` on every page of the test's context: the pool's
 * relays start with it, so what the app does before they run comes first. Only a page that fetches
 * it waits: open the app with `{ inlineConfig: false }`.
 */
export async function holdConfig(page: Page, ms: number): Promise<void> {
  await page.context().route(`**${RUNTIME_CONFIG_PATH}`, async (route) => {
    await new Promise((done) => setTimeout(done, ms))
    await route.continue()
  })
}
