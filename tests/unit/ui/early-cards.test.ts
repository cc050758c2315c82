// @vitest-environment happy-dom
// The early feed's pictures: as pictures, or in ASCII Mode as the app's art, held as its box until drawn.
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { afterEach, describe, expect, it } from 'vitest'
import { type AsciiArt, asciiGrid } from '../../../src/core/feed/ascii-art.ts'
import { toNote } from '../../../src/core/feed/note.ts'
import {
  addEarlyRows,
  type DrawArt,
  drawEarlyFeed,
} from '../../../src/ui/components/feed/early-cards.ts'
import type { AsciiResult } from '../../../src/workers/ascii-api.ts'

const PICTURE = 'https://example.com/a.jpg'

const row = (tags: string[][]) => ({
  note: toNote(
    finalizeEvent(
      { kind: 1, created_at: 1, tags, content: `Look ${PICTURE}` },
      generateSecretKey(),
    ),
    0,
  ),
  repost: null,
})

/** ASCII Mode whose pictures are drawn when `finish` is called, noting what they are drawn from. */
function asciiMode() {
  const asked: string[] = []
  let finish: (result: AsciiResult) => void = () => {}
  const drawn = new Promise<AsciiResult>((resolve) => {
    finish = resolve
  })
  const art: DrawArt = (source) => {
    asked.push(source)
    return drawn
  }
  return { art, asked, finish: (result: AsciiResult) => finish(result), drawn }
}

const ART: AsciiArt = { columns: 3, lines: ['.:-', '=+*'], colors: 'data:image/bmp;base64,Qk0=' }

afterEach(() => {
  document.body.replaceChildren()
})

describe('drawEarlyFeed', () => {
  it('draws a picture as a picture outside ASCII Mode', () => {
    const layer = drawEarlyFeed([row([])], [], null)
    expect(layer.querySelector('.note-media img')?.getAttribute('src')).toBe(PICTURE)
    expect(layer.querySelector('.ascii-pending')).toBeNull()
  })

  it("holds a picture's art in ASCII Mode: the grid of its known size, its description", () => {
    const imeta = ['imeta', `url ${PICTURE}`, 'dim 600x900', 'alt A heron']
    const layer = drawEarlyFeed([row([imeta])], [], asciiMode().art)
    expect(layer.querySelector('img')).toBeNull()
    const box = layer.querySelector<HTMLElement>('.note-media > .ascii-frame > .ascii-pending')
    expect(box?.getAttribute('role')).toBe('img')
    expect(box?.getAttribute('aria-label')).toBe('A heron')
    expect(box?.getAttribute('aria-busy')).toBe('true')
    const { columns, rows } = asciiGrid(600, 900)
    expect(box?.style.getPropertyValue('--ascii-columns')).toBe(String(columns))
    expect(box?.style.getPropertyValue('--ascii-rows')).toBe(String(rows))
  })

  it('holds the grid of a 3:2 photo for a picture of unknown size, as the app does', () => {
    const layer = drawEarlyFeed([row([])], [], asciiMode().art)
    const box = layer.querySelector<HTMLElement>('.ascii-pending')
    expect(box?.getAttribute('aria-label')).toBe('Image')
    const { columns, rows } = asciiGrid(1200, 800)
    expect(box?.style.getPropertyValue('--ascii-columns')).toBe(String(columns))
    expect(box?.style.getPropertyValue('--ascii-rows')).toBe(String(rows))
  })

  it("draws the art from what the app draws it from (the thumbnail the note names) and puts it in the box's place", async () => {
    const thumb = 'https://example.com/a-small.jpg'
    const mode = asciiMode()
    const layer = drawEarlyFeed(
      [row([['imeta', `url ${PICTURE}`, `thumb ${thumb}`]])],
      [],
      mode.art,
    )
    expect(mode.asked).toEqual([thumb])
    mode.finish({ ok: true, art: ART })
    await mode.drawn
    expect(layer.querySelector('.ascii-pending')).toBeNull()
    const frame = layer.querySelector<HTMLAnchorElement>('.note-media > a.ascii-frame')
    expect(frame?.getAttribute('href')).toBe(PICTURE)
    const pre = frame?.querySelector<HTMLElement>('pre.ascii-art.ascii-color')
    expect(pre?.textContent).toBe('.:-\n=+*')
    expect(pre?.getAttribute('role')).toBe('img')
    expect(pre?.getAttribute('aria-label')).toBe('Image')
    expect(pre?.style.getPropertyValue('--ascii-columns')).toBe('3')
    expect(pre?.style.getPropertyValue('--ascii-rows')).toBe('2')
    expect(pre?.style.backgroundImage).toContain(ART.colors)
  })

  it('draws the picture itself without a thumbnail; art without colours (outside Color Mode) has none', async () => {
    const mode = asciiMode()
    const layer = drawEarlyFeed([row([])], [], mode.art)
    expect(mode.asked).toEqual([PICTURE])
    mode.finish({ ok: true, art: { ...ART, colors: null } })
    await mode.drawn
    const pre = layer.querySelector<HTMLElement>('pre.ascii-art')
    expect(pre?.classList.contains('ascii-color')).toBe(false)
    expect(pre?.style.backgroundImage).toBe('')
  })

  it('keeps the box for a picture that could not be drawn: the app says so once its rows are in', async () => {
    const mode = asciiMode()
    const layer = drawEarlyFeed([row([])], [], mode.art)
    mode.finish({ ok: false, reason: 'HTTP 404' })
    await mode.drawn
    expect(layer.querySelector('.ascii-pending')).not.toBeNull()
    expect(layer.querySelector('pre')).toBeNull()
  })

  it('adds rows below those drawn, numbered on, in the one layer', () => {
    const layer = drawEarlyFeed([row([])], [], null)
    addEarlyRows(layer, [row([]), row([])], null)
    const cards = [...document.querySelectorAll('.early-feed article')]
    expect(document.querySelectorAll('.early-feed')).toHaveLength(1)
    expect(cards.map((card) => card.getAttribute('aria-posinset'))).toEqual(['1', '2', '3'])
    expect(cards.every((card) => layer.contains(card))).toBe(true)
  })
})
