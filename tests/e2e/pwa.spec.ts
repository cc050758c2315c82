// The installable app: manifest, service worker, offline start, the update prompt with
// a second deploy served to the same profile, Chromium's installability check, the install prompt,
// standalone start-up and web+nostr links. Runs against the built app (PLUME_DIST).
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { npubEncode } from 'nostr-tools/nip19'
import { COMPILE_HINT } from '../../scripts/vite-compile-hints.ts'
import { UPDATE_TEXTS } from '../../src/core/app/app-update.ts'
import { INSTALL_DISMISSED_KEY } from '../../src/core/app/install-dismissal.ts'
import { CACHE_DATABASE, CACHE_KEY, CACHE_STORE } from '../../src/core/app/persisted-cache.ts'
import { SCREEN_OFFLINE } from '../../src/core/app/preload-recovery.ts'
import { localRuntimeConfig } from '../../src/core/platform/runtime-config.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts'
import { startAppServer } from '../peers/app-server.ts'
import { expect, test } from './fixtures.ts'
import { showEveryNote } from './plain-feed.ts'
import { controlled, reloadOffline } from './service-worker.ts'

const DIST = resolve(process.env.PLUME_DIST ?? 'dist')

/**
 * Installed mode, as far as the page can tell: Chromium's DevTools protocol cannot emulate the
 * display-mode media feature, so the page's matchMedia answers for it before any script runs.
 */
const emulateStandalone = (page: Page) =>
  page.addInitScript(() => {
    const real = window.matchMedia.bind(window)
    window.matchMedia = (query: string) => {
      if (!query.includes('display-mode: standalone')) return real(query)
      const list = real('all')
      return Object.defineProperties(list, {
        matches: { value: true },
        media: { value: query },
      })
    }
  })

/** The persisted query cache record's buster, once saved (null before). */
const savedCache = (page: Page) =>
  page.evaluate(
    ([db, store, key]) =>
      new Promise<string | null>((done, fail) => {
        const open = indexedDB.open(db)
        open.onerror = () => fail(open.error)
        open.onsuccess = () => {
          const names = open.result.objectStoreNames
          if (!names.contains(store)) return done(null)
          const get = open.result.transaction(store, 'readonly').objectStore(store).get(key)
          get.onsuccess = () =>
            done((get.result as { buster?: string } | undefined)?.buster ?? null)
          get.onerror = () => fail(get.error)
        }
      }),
    [CACHE_DATABASE, CACHE_STORE, CACHE_KEY] as const,
  )

/**
 * A second deploy of the same build: index.html changed (a marker), and the service worker's
 * precache manifest with it, as Workbox would write it (md5 revision). The worker script's bytes
 * change, which is what makes the browser install it as an update.
 */
function nextDeploy(dist: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'plume-next-'))
  cpSync(dist, dir, { recursive: true })
  const indexFile = join(dir, 'index.html')
  const html = readFileSync(indexFile, 'utf8').replace(
    '<head>',
    '<head>\n    <meta name="plume-deploy" content="next" />',
  )
  writeFileSync(indexFile, html)
  const revision = createHash('md5').update(html).digest('hex')
  const swFile = join(dir, 'sw.js')
  const sw = readFileSync(swFile, 'utf8')
  const updated = sw.replace(
    /url:"index\.html",revision:"[0-9a-f]+"/,
    `url:"index.html",revision:"${revision}"`,
  )
  if (updated === sw) throw new Error('sw.js has no index.html precache entry to update')
  writeFileSync(swFile, updated)
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

test('the manifest and the service worker register; the shell and route chunks are precached', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  const server = await openApp([relay], '/about')
  expect(await controlled(page)).toBe(`${server.url}/sw.js`)

  const href = await page.locator('link[rel=manifest]').getAttribute('href')
  const manifest = await (await page.request.get(`${server.url}${href}`)).json()
  expect(manifest).toMatchObject({
    name: 'Plume',
    short_name: 'Plume',
    display: 'standalone',
    start_url: '/',
    theme_color: expect.any(String),
    background_color: expect.any(String),
    protocol_handlers: [{ protocol: 'web+nostr', url: '/open?uri=%s' }],
  })
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual([
    '/create',
    '/notifications',
  ])
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>
  for (const size of ['192x192', '512x512']) {
    expect(icons.some((i) => i.sizes === size && i.purpose === 'any')).toBe(true)
    expect(icons.some((i) => i.sizes === size && i.purpose === 'maskable')).toBe(true)
  }
  // The page's own icons too: Chromium draws an SVG icon in a document of its own on the page's
  // main thread, while the first rows are drawn.
  const pageIcons = await page
    .locator('link[rel=icon], link[rel=apple-touch-icon]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  expect(pageIcons).toHaveLength(2)
  for (const src of [...icons.map((icon) => icon.src), ...pageIcons]) {
    const response = await page.request.get(`${server.url}${src}`)
    expect(response.headers()['content-type'], src).toBe('image/png')
  }

  // The shell and the route chunks are precached; the runtime config is not (network first).
  const precached = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue
      for (const request of await (await caches.open(name)).keys()) {
        urls.push(new URL(request.url).pathname)
      }
    }
    return urls
  })
  expect(precached).toContain('/index.html')
  expect(precached.some((path) => /^\/assets\/about-.*\.js$/.test(path))).toBe(true)
  // The relay sockets' worker too: offline, the app starts it from here, or no relay opens later.
  expect(precached.some((path) => /^\/assets\/relay-sockets\.worker-.*\.js$/.test(path))).toBe(true)
  expect(precached).not.toContain('/config.json')
})

test("the scripts every start runs open with V8's compile hint and load at low fetch priority; screens' chunks do not", () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8')
  const tags = [
    ...html.matchAll(/<(?:script|link)[^>]* (?:src|href)="\/(assets\/[^"]+\.js)"[^>]*>/g),
  ]
  const firstLine = (path: string) => readFileSync(join(DIST, path), 'utf8').split('\n', 1)[0]
  expect(tags.some(([, path]) => /^assets\/home-/.test(path ?? ''))).toBe(true)
  for (const [tag, path = ''] of tags) {
    expect(firstLine(path), path).toBe(COMPILE_HINT)
    // Lighthouse's simulation would otherwise count them as blocking the shell's first paint.
    expect(tag).toContain('fetchpriority="low"')
  }
  const about = readdirSync(join(DIST, 'assets')).find((file) => /^about-.*\.js$/.test(file))
  expect(readFileSync(join(DIST, 'assets', about ?? ''), 'utf8')).not.toContain(COMPILE_HINT)
})

test('the built service worker caches pictures from status 200 answers only, never opaque ones', () => {
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8')
  const start = sw.indexOf('cacheName:"plume-images"')
  expect(start).toBeGreaterThan(-1)
  const images = sw.slice(start, sw.indexOf('"GET"', start))
  expect(images).toContain('CacheableResponsePlugin({statuses:[200]})')
  // An opaque response has status 0: a list holding 0 would cache it (and pad the quota).
  expect(images).not.toMatch(/statuses:\[[^\]]*\b0\b/)
})

test("Chromium's own installability check reports no error", async ({
  appPort,
  world,
  launchRelay,
}) => {
  const relay = await launchRelay()
  const server = await startAppServer({
    port: appPort,
    distDir: DIST,
    config: localRuntimeConfig([relay.url]),
    world,
  })
  // A real profile: Chromium never offers installation in an incognito-like context.
  const profile = mkdtempSync(join(tmpdir(), 'plume-profile-'))
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  try {
    const page = browser.pages()[0] ?? (await browser.newPage())
    await page.goto(`${server.url}/about`)
    await controlled(page)
    const cdp = await browser.newCDPSession(page)
    const { errors } = await cdp.send('Page.getAppManifest')
    expect(errors).toEqual([])
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([])
  } finally {
    await browser.close()
    await server.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test('offline, the app reloads from the service worker and shows the saved notes', async ({
  page,
  context,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  const server = await openApp([relay])
  const articles = page.getByRole('feed').getByRole('article')
  await expect.poll(() => articles.count()).toBeGreaterThan(0)
  const first = await articles.first().getAttribute('data-note-id')
  await controlled(page)
  await expect.poll(() => savedCache(page), { timeout: 10_000 }).toBeTruthy()

  // No network at all: the server and the relay gone, the browser offline.
  await server.close()
  await relay.close()
  await context.setOffline(true)
  await reloadOffline(page)
  await expect(articles.first()).toHaveAttribute('data-note-id', first!)
  await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()

  await context.setOffline(false)
  await expect(page.getByText('You are offline')).toBeHidden()
})

test('a second deploy raises Update Available in standalone mode; Update Now activates it', async ({
  page,
  appPort,
  world,
  launchRelay,
}) => {
  const relay = await launchRelay()
  const config = localRuntimeConfig([relay.url])
  await emulateStandalone(page)
  const next = nextDeploy(DIST)
  let server = await startAppServer({ port: appPort, distDir: DIST, config, world })
  try {
    await page.goto(`${server.url}/about`)
    await controlled(page)
    await expect(page.getByRole('heading', { name: UPDATE_TEXTS.available })).toBeHidden()

    // The same origin now serves the next deploy; the app finds it (a navigation checks).
    await server.close()
    server = await startAppServer({ port: appPort, distDir: next.dir, config, world })
    await page.reload()
    const prompt = page.getByRole('dialog', { name: UPDATE_TEXTS.available })
    await expect(prompt).toBeVisible()
    // Still the old version: the new worker waits for the user.
    expect(await page.locator('meta[name=plume-deploy]').count()).toBe(0)

    await prompt.getByRole('button', { name: UPDATE_TEXTS.later }).click()
    await expect(prompt).toBeHidden()
    // Offered again on the next start while the worker still waits.
    await page.reload()
    await expect(prompt).toBeVisible()
    await expect(prompt.getByRole('button', { name: UPDATE_TEXTS.later })).toBeVisible()

    await prompt.getByRole('button', { name: UPDATE_TEXTS.updateNow }).click()
    // SKIP_WAITING, the new worker takes over, the page reloads into the new deploy.
    await expect(page.locator('meta[name=plume-deploy]')).toHaveCount(1, { timeout: 15_000 })
    await expect(page.getByRole('dialog', { name: UPDATE_TEXTS.available })).toBeHidden()
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state }
    })
    expect(state).toEqual({ waiting: null, active: 'activated' })
    // The new version starts behind the splash (standalone: only during an update).
    await expect(page.locator('.splash')).toBeVisible()
  } finally {
    await server.close()
    next.remove()
  }
})

/**
 * The browser's install offer, as Chromium sends it (it offers only after engagement heuristics):
 * whether the page took it over, and `window.prompted` once the app asked to install.
 */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true })
    Object.assign(event, {
      prompt: async () => {
        ;(window as { prompted?: boolean }).prompted = true
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    })
    window.dispatchEvent(event)
    return event.defaultPrevented
  })

/**
 * To another screen and back through the header's links: an offer found on a screen already drawn
 * joins the page at the next screen, never pushing down what is being read.
 */
async function changeScreen(page: Page) {
  const header = page.locator('header')
  await header.getByRole('link', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/search/)
  await header.getByRole('link', { name: 'Plume, home feed' }).click()
  await expect(page).toHaveURL(/\/$/)
  // The URL changes before the screen does: a prompt that is not shown is checked on it.
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible()
}

test('the install prompt follows the browser offer at the next screen; hidden in standalone mode', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await openApp([relay], '/about')
  await controlled(page)
  const offer = () => offerInstall(page)
  expect(await offer(), "the browser's own bar is replaced by the app's prompt").toBe(true)
  const prompt = page.getByRole('dialog', { name: 'Install' })
  // Not over the screen being read: it joins the next one.
  await expect(page.locator('.status-bars')).toBeAttached()
  await expect(prompt).toHaveCount(0)
  await changeScreen(page)
  await expect(prompt).toBeVisible()
  await expect(prompt.getByRole('link', { name: 'About Plume' })).toHaveAttribute('href', '/about')
  await prompt.getByRole('button', { name: 'Not now' }).click()
  await expect(prompt).toBeHidden()

  // Past the 30 days of Not now: offered again.
  await page.evaluate((key) => localStorage.removeItem(key), INSTALL_DISMISSED_KEY)
  await page.reload()
  await controlled(page)
  await offerDrawn(page)
  await changeScreen(page)
  await prompt.getByRole('button', { name: 'Install' }).click()
  expect(await page.evaluate(() => (window as { prompted?: boolean }).prompted)).toBe(true)
  await expect(prompt).toBeHidden()
  await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')))
  await offerDrawn(page)
  await changeScreen(page)
  // Installed: a late offer is not shown again on this page.
  await expect(prompt).toBeHidden()
})

/** The prompts' layer is mounted (it loads after the first screen) and has drawn the offer. */
async function offerDrawn(page: Page) {
  await expect(page.locator('.status-bars')).toBeAttached()
  await offerInstall(page)
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))))
}

/** Note cards and Zap buttons on screen that the Install prompt lies over, read in one frame. */
const coveredByPrompt = (page: Page) =>
  page.evaluate(() => {
    const prompt = document.querySelector('[role=dialog][aria-labelledby=install-title]')
    if (!prompt) throw new Error('no Install prompt')
    const card = prompt.getBoundingClientRect()
    const targets = [
      ...document.querySelectorAll('[role=feed] article'),
      ...[...document.querySelectorAll('[role=feed] button')].filter(
        (b) => b.textContent === 'Zap',
      ),
    ]
    return targets.flatMap((target) => {
      const box = target.getBoundingClientRect()
      const onScreen = box.bottom > 0 && box.top < window.innerHeight
      const under =
        card.left < box.right &&
        box.left < card.right &&
        card.top < box.bottom &&
        box.top < card.bottom
      return onScreen && under ? [target.getAttribute('data-note-id') ?? target.textContent] : []
    })
  })

test('the install prompt hides no note at 390 and 1280 px; Not now holds for 30 days, across reloads and pages', async ({
  page,
  context,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  await showEveryNote(page)
  const server = await openApp([relay])
  const articles = page.getByRole('feed').getByRole('article')
  const prompt = page.getByRole('dialog', { name: 'Install' })
  await expect.poll(() => articles.count()).toBeGreaterThan(2)
  await offerDrawn(page)
  await changeScreen(page)
  await expect(prompt).toBeVisible()

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    for (const scrollY of [0, 600]) {
      await page.evaluate((y) => window.scrollTo(0, y), scrollY)
      expect(await coveredByPrompt(page), `${width} px, scrolled ${scrollY}`).toEqual([])
    }
  }

  await prompt.getByRole('button', { name: 'Not now' }).click()
  await expect(prompt).toBeHidden()
  await page.reload()
  await offerDrawn(page)
  await changeScreen(page)
  await expect(prompt).toHaveCount(0)

  // Another page of the same browser: a new browser session as far as sessionStorage goes.
  const second = await context.newPage()
  await second.goto(server.url)
  await offerDrawn(second)
  await changeScreen(second)
  await expect(second.getByRole('dialog', { name: 'Install' })).toHaveCount(0)
  await second.close()
})

test('installed, the app opens where it was left (30 days) and web+nostr links open in it', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  const relay = await launchRelay()
  await emulateStandalone(page)
  const server = await openApp([relay], '/search')
  await expect(page).toHaveURL(/\/search$/)
  // Saved once the route resolves, which waits for its screen's chunk: the load event does not.
  const saved = () =>
    page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('lastRouteInfo') ?? 'null') as {
          path: string
          savedAt: number
        } | null,
    )
  await expect.poll(saved).toMatchObject({ path: '/search', savedAt: expect.any(Number) })
  // Installed mode: no start-up splash (only during an update).
  await expect(page.locator('.splash')).toBeHidden()

  const firstSave = (await saved())!.savedAt
  await page.goto(`${server.url}/`)
  await expect(page).toHaveURL(`${server.url}/search`)
  // The restored route saved again (as it resolves): the stale record below is not overwritten.
  await expect.poll(async () => (await saved())?.savedAt).toBeGreaterThan(firstSave)

  // Saved 31 days ago: the app starts at the feed, and saves it.
  await page.evaluate(() =>
    localStorage.setItem(
      'lastRouteInfo',
      JSON.stringify({ path: '/search', savedAt: Date.now() - 31 * 24 * 60 * 60 * 1000 }),
    ),
  )
  await page.goto(`${server.url}/`)
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible()
  await expect.poll(async () => (await saved())?.path).toBe('/')
  await expect(page).toHaveURL(`${server.url}/`)

  const account = world.accounts.find((a) => a.name === 'hannah')!
  const npub = npubEncode(account.pubkey)
  await page.goto(`${server.url}/open?uri=${encodeURIComponent(`web+nostr:${npub}`)}`)
  await expect(page).toHaveURL(`${server.url}/npub/${npub}`)
  await expect(page.locator('.profile-header')).toBeVisible()
  await page.goto(`${server.url}/open?uri=${encodeURIComponent('web+nostr:nonsense')}`)
  await expect(page.getByRole('alert')).toHaveText(
    'This link is not a Nostr note or profile Plume can open.',
  )
})

test('in a browser tab the splash shows once per session', async ({
  page,
  launchRelay,
  openApp,
}) => {
  const relay = await launchRelay()
  // Seen from the page's start: on a busy host, its 1.6 s could pass while the page loaded.
  await page.addInitScript(() => {
    const seen: { logo?: boolean; title?: boolean } = {}
    Reflect.set(window, '__splashSeen', seen)
    const shown = (selector: string) => {
      const box = document.querySelector(selector)?.getBoundingClientRect()
      return Boolean(box && box.width > 0 && box.height > 0)
    }
    // On the document, not its root: the parser has not made <html> yet.
    new MutationObserver(() => {
      if (document.documentElement.dataset.splash !== 'start' || seen.logo !== undefined) return
      seen.logo = shown('.splash .logo')
      seen.title = shown('.splash .splash-title path')
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-splash'] })
  })
  const splashSeen = () => page.evaluate(() => Reflect.get(window, '__splashSeen'))
  const server = await openApp([relay], '/about')
  const splash = page.locator('.splash')
  // Logo and title (spec §2); the title a path, no second "Plume" for the page's text queries.
  await expect.poll(splashSeen).toEqual({ logo: true, title: true })
  await expect(splash.getByText('Plume')).toHaveCount(0)
  // 1.2 s shown, 0.4 s fade, then gone.
  await expect(splash).toBeHidden({ timeout: 5000 })
  // The fade Chromium runs takes its times from the code (splash.ts hands them to splash.css).
  const fade = await splash.evaluate((element) => {
    document.documentElement.dataset.splash = 'start'
    const style = getComputedStyle(element)
    const times = [style.animationDelay, style.animationDuration]
    delete document.documentElement.dataset.splash
    return times
  })
  expect(fade).toEqual(['1.2s', '0.4s'])
  await page.goto(`${server.url}/search`)
  await expect(
    page.getByRole('heading', { level: 1 }).or(page.getByRole('searchbox')).first(),
  ).toBeVisible()
  await expect(page.locator('.splash')).toBeHidden()
  expect(await splashSeen()).toEqual({})
})

test.describe('a screen chunk gone after a deploy', () => {
  // Without the worker: its precache would still serve the removed file.
  test.use({ serviceWorkers: 'block' })

  test('the page reloads once (to fetch the new version), then shows the error without looping', async ({
    page,
    appPort,
    world,
    launchRelay,
  }) => {
    const relay = await launchRelay()
    const copy = mkdtempSync(join(tmpdir(), 'plume-old-'))
    cpSync(DIST, copy, { recursive: true })
    const server = await startAppServer({
      port: appPort,
      distDir: copy,
      config: localRuntimeConfig([relay.url]),
      world,
    })
    try {
      let loads = 0
      page.on('load', () => loads++)
      await page.goto(`${server.url}/search`)
      await expect.poll(() => loads).toBe(1)
      // The deploy replaced the About screen's chunk: the running page still names the old one.
      for (const file of readdirSync(join(copy, 'assets'))) {
        if (/^about-.*\.js$/.test(file)) rmSync(join(copy, 'assets', file))
      }
      await page.getByRole('link', { name: /About/ }).click()
      await expect.poll(() => loads, { message: 'reloaded once' }).toBe(2)
      // Still missing after the reload: no second reload, the error shows instead.
      if (!new URL(page.url()).pathname.startsWith('/about')) {
        await page.getByRole('link', { name: /About/ }).click()
      }
      await expect(page.getByRole('alert').filter({ hasText: 'Component Error' })).toBeVisible()
      await page.waitForTimeout(1000)
      expect(loads).toBe(2)
    } finally {
      await server.close()
      rmSync(copy, { recursive: true, force: true })
    }
  })

  test('offline before the prompts have loaded: the page stays as it is, and reloads once back online', async ({
    page,
    context,
    launchRelay,
    openApp,
  }) => {
    const relay = await launchRelay()
    // The prompts' chunk (loaded once the first screen is drawn) is asked for offline.
    let wentOffline!: () => void
    const offline = new Promise<void>((done) => {
      wentOffline = done
    })
    await page.route(/\/assets\/PwaPrompts-[^/]*\.js$/, async (route) => {
      await offline
      await route.abort('internetdisconnected')
    })
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    let loads = 0
    page.on('load', () => loads++)
    await openApp([relay], '/search')
    await expect(page.getByRole('searchbox')).toBeVisible()
    await context.setOffline(true)
    wentOffline()
    await expect
      .poll(() => warnings.some((text) => text.startsWith('The prompts could not load')))
      .toBe(true)
    // Not the whole page replaced by an error: the screen and the header stay.
    await expect(page.getByRole('searchbox')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'Component Error' })).toHaveCount(0)
    expect(loads).toBe(1)
    await page.unroute(/\/assets\/PwaPrompts-[^/]*\.js$/)
    await context.setOffline(false)
    await expect.poll(() => loads, { message: 'reloaded once' }).toBe(2)
    await expect(page.getByRole('searchbox')).toBeVisible()
  })

  test("offline, a screen's chunk that cannot load leaves the page as it is; back online, it reloads once", async ({
    page,
    context,
    launchRelay,
    openApp,
  }) => {
    const relay = await launchRelay()
    let loads = 0
    page.on('load', () => loads++)
    // The prompts (with the offline notice) load once the first screen is drawn: here, before
    // the network goes.
    const prompts = page.waitForResponse(/\/assets\/PwaPrompts-[^/]*\.js$/)
    await openApp([relay], '/search')
    await prompts
    await expect.poll(() => loads).toBe(1)
    await expect(page.getByRole('searchbox')).toBeVisible()
    // No worker keeps the code: offline, the About screen's chunk cannot be fetched.
    await context.setOffline(true)
    await expect(page.getByRole('status').filter({ hasText: 'You are offline' })).toBeVisible()
    await page.getByRole('link', { name: /About/ }).click()
    // The page stays (not the browser's offline page): the screen says it could not load.
    await expect(page.getByRole('alert').filter({ hasText: 'Component Error' })).toContainText(
      SCREEN_OFFLINE,
    )
    await expect(page.getByRole('button', { name: 'Settings' })).toBeVisible()
    expect(loads).toBe(1)
    // The network is back: one reload, and the screen loads.
    await context.setOffline(false)
    await expect.poll(() => loads, { message: 'reloaded once' }).toBe(2)
    await expect(page.getByRole('alert').filter({ hasText: 'Component Error' })).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('About')
  })
})
