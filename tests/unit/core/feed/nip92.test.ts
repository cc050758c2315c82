import { describe, expect, it } from 'vitest'
import { mediaInfo } from '../../../../src/core/feed/nip92.ts'

describe('mediaInfo (NIP-92 imeta)', () => {
  it('reads size and description by URL', () => {
    const info = mediaInfo([
      ['imeta', 'url https://m.example/a.png', 'm image/png', 'dim 1200x800', 'alt Sea at dusk'],
      ['imeta', 'url https://m.example/b.png', 'dim 0x10'],
      ['t', 'photo'],
    ])
    expect(info.get('https://m.example/a.png')).toEqual({
      width: 1200,
      height: 800,
      alt: 'Sea at dusk',
      thumb: null,
    })
    expect(info.get('https://m.example/b.png')).toEqual({
      width: null,
      height: null,
      alt: '',
      thumb: null,
    })
  })

  it('reads a thumbnail given as an http(s) URL, and only as one', () => {
    const info = mediaInfo([
      ['imeta', 'url https://m.example/a.png', 'thumb https://m.example/a-small.png'],
      ['imeta', 'url https://m.example/b.png', 'thumb javascript:alert(1)'],
      ['imeta', 'url https://m.example/c.png', 'thumb '],
    ])
    expect(info.get('https://m.example/a.png')?.thumb).toBe('https://m.example/a-small.png')
    expect(info.get('https://m.example/b.png')?.thumb).toBeNull()
    expect(info.get('https://m.example/c.png')?.thumb).toBeNull()
  })

  it('keeps the first description of a URL and skips tags without one', () => {
    const info = mediaInfo([
      ['imeta', 'url https://m.example/a.png', 'alt first'],
      ['imeta', 'url https://m.example/a.png', 'alt second'],
      ['imeta', 'alt no url'],
    ])
    expect(info.size).toBe(1)
    expect(info.get('https://m.example/a.png')?.alt).toBe('first')
  })
})
