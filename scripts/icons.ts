/**
 * `npx tsx scripts/icons.ts`: renders the app icons under public/icons/ from the feather mark
 * (index.html's logo) with Debian's Chromium, so no image tool is needed. The PNGs are committed;
 * run this again only when the mark changes.
 *
 * - `icon-{size}.png`: the mark on its rounded dark tile, transparent corners ("any"); the
 *   48 px one is also the page's icon.
 * - `maskable-{size}.png`: full-bleed dark square, the mark inside the central 60 % safe zone.
 * - `apple-touch-icon.png`: 180 px, opaque (iOS fills transparency with black).
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts'

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url))
const BACKGROUND = '#0f1115'
const FEATHER =
  'M27 4C17 5 9 11 7 21l-2 7 2 .5 2-6c4 0 9-2 12-6-2 .3-4 0-5-1 3 0 6-1 8-4-2 .2-3 0-4-.5C23 9 26 7 27 4Z'
const GRADIENT =
  '<defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#f472b6"/></linearGradient></defs>'

/** Sizes browsers and stores ask for (Android launchers, Windows tiles, Chrome's install UI). */
export const ANY_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512]
export const MASKABLE_SIZES = [192, 512]

const anySvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${GRADIENT}<rect width="32" height="32" rx="7" fill="${BACKGROUND}"/><path d="${FEATHER}" fill="url(#g)"/></svg>`
// The mark's 32-unit box scaled to 60 % and centred: inside the maskable safe circle (80 %).
const maskableSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${GRADIENT}<rect width="32" height="32" fill="${BACKGROUND}"/><g transform="translate(6.4 6.4) scale(0.6)"><path d="${FEATHER}" fill="url(#g)"/></g></svg>`
const appleSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${GRADIENT}<rect width="32" height="32" fill="${BACKGROUND}"/><g transform="translate(3.2 3.2) scale(0.8)"><path d="${FEATHER}" fill="url(#g)"/></g></svg>`

mkdirSync(OUT, { recursive: true })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  const page = await browser.newPage()
  const render = async (svg: string, size: number, file: string) => {
    await page.setViewportSize({ width: size, height: size })
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block;width:${size}px;height:${size}px}</style><img src="data:image/svg+xml,${encodeURIComponent(svg)}">`,
    )
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode())
    await page.screenshot({ path: `${OUT}${file}`, omitBackground: true })
  }
  for (const size of ANY_SIZES) await render(anySvg, size, `icon-${size}.png`)
  for (const size of MASKABLE_SIZES) await render(maskableSvg, size, `maskable-${size}.png`)
  await render(appleSvg, 180, 'apple-touch-icon.png')
} finally {
  await browser.close()
}
console.log(`icons written to ${OUT}`)
