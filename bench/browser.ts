/** Debian's Chromium, launched like the e2e tests launch it (playwright.config.ts). */
import { type Browser, chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}
