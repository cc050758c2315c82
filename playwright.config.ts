import { defineConfig } from '@playwright/test'

// Debian's Chromium (see scripts/chromium.mjs); Playwright's own browser downloads cannot work here.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

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
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
