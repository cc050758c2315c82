/**
 * Pictures are asked for one way everywhere (core/platform/picture-request.ts): a picture host on
 * 127.0.0.1, another origin than the app, records the headers of every request: a note's picture
 * as ASCII art (the worker's CORS fetch) and as a picture, its clip, the author's avatar and
 * banner. None carries a Referer or a cookie; every <img> the app draws says no-referrer, and the
 * page's own policy covers the clip, which has no attribute for it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { noteEncode, npubEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure'
import { expect, test } from './fixtures.ts'

/** Serves one picture of the demo world under any .png path, and bytes as a clip under .mp4. */
async function startPictureHost(picture: Uint8Array) {
  const asked: { path: string; headers: IncomingHttpHeaders }[] = []
  const server = createServer((req, res) => {
    asked.push({ path: req.url ?? '/', headers: req.headers })
    const type = req.url?.endsWith('.mp4') ? 'video/mp4' : 'image/png'
    res.writeHead(200, {
      'Content-Type': type,
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': 'no-store',
    })
    res.end(type === 'image/png' ? Buffer.from(picture) : Buffer.alloc(1024))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

test('pictures and clips are asked for with no Referer, in every view', async ({
  page,
  launchRelay,
  openApp,
  world,
}) => {
  test.setTimeout(60_000)
  const shown = world.events
    .map((event) => /\/media\/\S+\.png/.exec(event.content)?.[0])
    .find((path) => path !== undefined)
  const picture = shown ? world.media(shown) : null
  if (!picture) throw new Error('the demo world has no PNG picture')
  const host = await startPictureHost(picture.body)
  try {
    const author = generateSecretKey()
    const now = Math.floor(Date.now() / 1000)
    const profile = finalizeEvent(
      {
        kind: 0,
        created_at: now - 60,
        tags: [],
        content: JSON.stringify({
          name: 'Picture Host Fan',
          picture: `${host.url}/avatar.png`,
          banner: `${host.url}/banner.png`,
        }),
      },
      author,
    )
    const note = finalizeEvent(
      {
        kind: 1,
        created_at: now - 30,
        tags: [],
        content: `a picture ${host.url}/note.png and a clip ${host.url}/clip.mp4`,
      },
      author,
    )
    const relay = await launchRelay({ seed: [...world.events, profile, note] })
    const server = await openApp([relay], `/note/${noteEncode(note.id)}`)
    const card = page.locator(`[data-note-id="${note.id}"]`).first()

    // ASCII Mode (on by default): the worker fetches the picture itself, a CORS request.
    await expect(card.locator('pre.ascii-art')).toBeVisible()
    await expect
      .poll(() => host.asked.some((r) => r.path === '/note.png' && r.headers.origin !== undefined))
      .toBe(true)

    // ASCII Mode off: the picture as an <img>, the clip loaded.
    await page.evaluate(() => localStorage.setItem('useAscii', 'false'))
    await page.reload()
    await expect(card.locator('img[src$="/note.png"]')).toBeVisible()
    await card.locator('video').evaluate((video: HTMLVideoElement) => {
      video.preload = 'auto'
      video.load()
    })
    await expect.poll(() => host.asked.some((r) => r.path === '/clip.mp4')).toBe(true)

    // The author's page: avatar and banner.
    await page.goto(`${server.url}/npub/${npubEncode(getPublicKey(author))}`)
    await expect(page.locator(`img[src="${host.url}/banner.png"]`)).toBeVisible()
    await expect.poll(() => host.asked.some((r) => r.path === '/avatar.png')).toBe(true)

    const policies = await page
      .locator('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).referrerPolicy))
    expect(policies.length).toBeGreaterThan(0)
    expect(new Set(policies)).toEqual(new Set(['no-referrer']))
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer')

    const paths = new Set(host.asked.map((r) => r.path))
    for (const path of ['/note.png', '/clip.mp4', '/avatar.png', '/banner.png']) {
      expect(paths.has(path), path).toBe(true)
    }
    for (const { path, headers } of host.asked) {
      expect(headers.referer, `Referer sent for ${path}`).toBeUndefined()
      expect(headers.cookie, `cookie sent for ${path}`).toBeUndefined()
    }
  } finally {
    await host.close()
  }
})
