/**
 * The Content Security Policy (scripts/vite-csp.ts; README, Hosting): the app server sends it
 * with frame-ancestors 'none', it is the policy of index.html's meta, framing is refused, the
 * guard every test runs under (csp-guard.ts) records what the policy refuses, in the test's context
 * and in every context the test opens itself, and the main screens run under it with no violation.
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { noteEncode } from 'nostr-tools/nip19'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts'
import { createWallet, logIn, openWallet, secondProfile } from './cashu.ts'
import { expect, test } from './fixtures.ts'

const META = 'meta[http-equiv="Content-Security-Policy"]'

/** The policy's directives by name. */
const directives = (policy: string): Map<string, string[]> =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  )

test('the app server sends the policy of index.html with frame-ancestors, and framing is refused', async ({
  page,
  context,
  csp,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const server = await openApp([relay])
  const meta = await page.locator(META).getAttribute('content')
  if (!meta) throw new Error('index.html has no CSP meta')

  for (const path of ['/', '/settings', '/assets/missing.js']) {
    const response = await page.request.get(`${server.url}${path}`)
    const headers = response.headers()
    expect(headers['content-security-policy'], path).toBe(`${meta}; frame-ancestors 'none'`)
    expect(headers['x-frame-options'], path).toBe('DENY')
    expect(headers['referrer-policy'], path).toBe('no-referrer')
  }
  const policy = directives(meta)
  // The page's one inline script, its first (src/ui/early-request.ts), by its hash.
  const first = await page.locator('head > script#plume-early-request').textContent()
  const hash = createHash('sha256')
    .update(first ?? '', 'utf8')
    .digest('base64')
  expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", `'sha256-${hash}'`])
  expect(policy.get('object-src')).toEqual(["'none'"])
  expect(policy.get('base-uri')).toEqual(["'none'"])
  expect(policy.get('form-action')).toEqual(["'self'"])
  expect(policy.get('worker-src')).toEqual(["'self'"])
  // The inlined entry stylesheets by hash: no 'unsafe-inline' anywhere.
  expect(policy.get('style-src')?.[0]).toBe("'self'")
  expect(policy.get('style-src')?.slice(1)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^'sha256-[\w+/]+=*'$/)]),
  )
  expect(meta).not.toContain('unsafe-inline')
  expect(meta).not.toContain("'unsafe-eval'")

  // Another site framing the app: the browser refuses (frame-ancestors 'none').
  const framer = await context.newPage()
  await framer.setContent(`<iframe src="${server.url}/"></iframe>`)
  await expect.poll(() => csp.seen().join('\n')).toContain('frame-ancestors')
  await expect(framer.frameLocator('iframe').locator('#root')).toHaveCount(0)
  csp.take()
})

test('the guard records what the policy refuses: an injected script, handler and style', async ({
  page,
  csp,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await openApp([relay])
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible()
  expect(csp.seen()).toEqual([])

  const ran = await page.evaluate(async () => {
    const flags = window as unknown as Record<string, unknown>
    const script = document.createElement('script')
    script.textContent = 'window.__plumeInjected = true'
    document.head.append(script)
    const button = document.createElement('button')
    button.setAttribute('onclick', 'window.__plumeClicked = true')
    document.body.append(button)
    button.click()
    button.remove()
    const styled = document.createElement('div')
    styled.setAttribute('style', 'color: red')
    document.body.append(styled)
    styled.remove()
    await new Promise((resolve) => setTimeout(resolve, 100))
    return { script: flags.__plumeInjected === true, handler: flags.__plumeClicked === true }
  })
  expect(ran).toEqual({ script: false, handler: false })
  await expect
    .poll(() => csp.seen().filter((line) => !line.startsWith('console:')))
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^script-src-elem refused inline/),
        expect.stringMatching(/^script-src-attr refused inline/),
        expect.stringMatching(/^style-src-attr refused inline/),
      ]),
    )
  expect(csp.take().some((line) => line.startsWith('console:'))).toBe(true)
})

test('the feed, a note, Settings and the wallet run under the policy with no violation', async ({
  page,
  csp,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(90_000)
  const relay = await launchRelay()
  // A fresh install's pictures, as ASCII art in colour (the ASCII worker, a data: image).
  await page.addInitScript(() => localStorage.setItem('filterByImageNotesOnly', 'true'))
  const server = await openApp([relay])
  const feed = page.getByRole('feed')
  await expect(feed.locator('pre.ascii-art.ascii-color').first()).toBeVisible()

  // A note with a picture, by its note1 link, as a picture.
  const withPicture = relay
    .events()
    .find((event) => event.kind === 1 && /\/media\/\S+\.(png|jpe?g|webp)/.test(event.content))
  if (!withPicture) throw new Error('the demo world has no note with a picture')
  await page.goto(`${server.url}/note/${noteEncode(withPicture.id)}`)
  await expect(page.locator(`[data-note-id="${withPicture.id}"]`).first()).toBeVisible()

  await page.goto(`${server.url}/`)
  await expect(feed.getByRole('article').first()).toBeVisible()
  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
  await page.keyboard.press('Escape')

  // Logged in (the secp256k1 wasm signs and verifies in workers), the ecash wallet created.
  await logIn(page, world.demoAccount)
  await openWallet(page)
  await createWallet(page)
  expect(csp.seen()).toEqual([])
})

/** Injects an inline script, which the policy refuses; resolves once the violation is seen. */
const injectInlineScript = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        document.addEventListener('securitypolicyviolation', () => resolve(), { once: true })
        const script = document.createElement('script')
        script.textContent = 'window.__plumeInjected = true'
        document.head.append(script)
      }),
  )

/** Opens the app in a persistent Chromium profile of its own, runs `use` there, then deletes it. */
async function inPersistentProfile(url: string, use: (page: Page) => Promise<unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'plume-profile-'))
  const persistent = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  try {
    const page = persistent.pages()[0] ?? (await persistent.newPage())
    await page.goto(url)
    await use(page)
  } finally {
    await persistent.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

test.describe('contexts a test opens itself are guarded too', () => {
  test('a second profile (browser.newContext) and a persistent context report to the guard', async ({
    browser,
    csp,
    launchRelay,
    openApp,
  }) => {
    const relay = await launchRelay()
    const server = await openApp([relay])
    const profile = await secondProfile(browser, server.url)
    try {
      await injectInlineScript(profile.page)
      await expect.poll(() => csp.take().join('\n')).toMatch(/script-src-elem refused inline/)
    } finally {
      await profile.context.close()
    }
    await inPersistentProfile(server.url, async (page) => {
      await injectInlineScript(page)
      await expect.poll(() => csp.take().join('\n')).toMatch(/script-src-elem refused inline/)
    })
  })

  // Planted: a violation left in a context the test opened fails the test (test.fail expects it).
  test('a violation left in a fresh context fails the test', async ({
    browser,
    launchRelay,
    openApp,
  }) => {
    test.fail()
    const relay = await launchRelay()
    const server = await openApp([relay])
    const fresh = await browser.newContext()
    try {
      const page = await fresh.newPage()
      await page.goto(server.url)
      await injectInlineScript(page)
    } finally {
      await fresh.close()
    }
  })

  test('a violation left in a persistent context fails the test', async ({
    launchRelay,
    openApp,
  }) => {
    test.fail()
    const relay = await launchRelay()
    const server = await openApp([relay])
    await inPersistentProfile(server.url, injectInlineScript)
  })
})
