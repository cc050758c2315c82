import { expect, test } from './fixtures.ts'

/**
 * Records, in the page, when the first ASCII picture was drawn and when each script chunk was
 * asked for (performance.now() milliseconds).
 */
const RECORD_FIRST_PICTURE_AND_CHUNKS = `
  window.__firstArt = null
  window.__chunks = []
  new MutationObserver(() => {
    if (window.__firstArt === null && document.querySelector('pre.ascii-art')) {
      window.__firstArt = performance.now()
    }
  }).observe(document, { subtree: true, childList: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const chunk = entry.name.match(/\\/assets\\/(\\w+)-[\\w-]+\\.js$/)
      if (chunk) window.__chunks.push({ name: chunk[1], start: entry.startTime })
    }
  }).observe({ type: 'resource', buffered: true })
`

const PICTURE_DELAY_MS = 1500

interface Recorded {
  firstArt: number | null
  chunks: { name: string; start: number }[]
}

test('a first visit loads the prompts and the zap totals only once the first pictures are drawn', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  // A first screen of pictures (Image Notes Only): what it shows must be drawn before the rest.
  await page.addInitScript(() => localStorage.setItem('filterByImageNotesOnly', 'true'))
  await page.addInitScript(RECORD_FIRST_PICTURE_AND_CHUNKS)
  // Pictures slow to come, as on a phone's line: what is not on the first screen must wait.
  await page.context().route('**/media/thumbs/**', async (route) => {
    await new Promise((wait) => setTimeout(wait, PICTURE_DELAY_MS))
    await route.continue()
  })
  await openApp([relay])
  await expect(page.getByRole('feed').locator('pre.ascii-art').first()).toBeVisible()
  const recorded = (): Promise<Recorded> =>
    page.evaluate(
      (): Recorded => ({
        firstArt: (window as unknown as { __firstArt: number | null }).__firstArt,
        chunks: (window as unknown as { __chunks: Recorded['chunks'] }).__chunks,
      }),
    )
  const laterOf = (chunks: Recorded['chunks']) =>
    chunks.filter((chunk) => ['PwaPrompts', 'ZapTotal'].includes(chunk.name))
  // Both load (the prompts are there to be shown, the totals to be read). They wait for an idle
  // moment (up to 4 s): a quiet network says nothing about when that comes on a busy machine.
  await expect
    .poll(
      async () =>
        laterOf((await recorded()).chunks)
          .map((chunk) => chunk.name)
          .sort(),
      {
        timeout: 15_000,
      },
    )
    .toEqual(['PwaPrompts', 'ZapTotal'])
  const { firstArt, chunks } = await recorded()
  const later = laterOf(chunks)
  // ...after the first picture, not alongside it.
  expect(firstArt).not.toBeNull()
  for (const chunk of later) expect(chunk.start).toBeGreaterThan(firstArt!)
})
