/**
 * Every text a status region (role="status") showed since `watchNotices`: a notice stays 4 s
 * (NOTICE_MS) and then goes, so on a loaded machine a test that looks for it on screen can look
 * too late. The page records each text as it is drawn; the test asks for the record.
 */
import type { Page } from '@playwright/test'

type Recorded = Window & { plumeNotices?: string[] }

export async function watchNotices(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as Recorded).plumeNotices = seen
    const record = () => {
      for (const region of document.querySelectorAll('[role="status"]')) {
        const text = region.textContent?.trim()
        if (text && !seen.includes(text)) seen.push(text)
      }
    }
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    })
  })
  return () => page.evaluate(() => (window as Recorded).plumeNotices ?? [])
}
