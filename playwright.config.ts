import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts'

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two cores: one browser at a time keeps timings honest and the relays responsive.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  outputDir: 'test-results/e2e',
  use: {
    browserName: 'chromium',
    // Debian's Chromium: Playwright's own browser downloads cannot work here.
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
