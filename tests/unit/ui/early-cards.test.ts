// @vitest-environment happy-dom
// The early feed's pictures: as pictures, or in ASCII Mode as the box the app's art will fill.
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { afterEach, describe, expect, it } from 'vitest'
import { asciiGrid } from '../../../src/core/feed/ascii-art.ts'
import { toNote } from '../../../src/core/feed/note.ts'
import { drawEarlyFeed } from '../../../src/ui/components/feed/early-cards.ts'

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

afterEach(() => {
  document.body.replaceChildren()
})

describe('drawEarlyFeed', () => {
  it('draws a picture as a picture outside ASCII Mode', () => {
    const layer = drawEarlyFeed([row([])], [], false)
    expect(layer.querySelector('.note-media img')?.getAttribute('src')).toBe(PICTURE)
    expect(layer.querySelector('.ascii-pending')).toBeNull()
  })

  it("holds a picture's art in ASCII Mode: the grid of its known size, its description", () => {
    const imeta = ['imeta', `url ${PICTURE}`, 'dim 600x900', 'alt A heron']
    const layer = drawEarlyFeed([row([imeta])], [], true)
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
    const layer = drawEarlyFeed([row([])], [], true)
    const box = layer.querySelector<HTMLElement>('.ascii-pending')
    expect(box?.getAttribute('aria-label')).toBe('Image')
    const { columns, rows } = asciiGrid(1200, 800)
    expect(box?.style.getPropertyValue('--ascii-columns')).toBe(String(columns))
    expect(box?.style.getPropertyValue('--ascii-rows')).toBe(String(rows))
  })
})
