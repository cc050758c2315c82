import { describe, expect, it } from 'vitest'
import { mediaUrls, segmentContent } from '../../../../src/core/feed/content.ts'

describe('segmentContent', () => {
  it('splits text, links, media and hashtags', () => {
    expect(
      segmentContent('Sunrise #photo https://a.example/x.jpg and https://b.example/read.'),
    ).toEqual([
      { kind: 'text', text: 'Sunrise ' },
      { kind: 'hashtag', tag: 'photo' },
      { kind: 'text', text: ' ' },
      { kind: 'image', url: 'https://a.example/x.jpg' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', url: 'https://b.example/read' },
      { kind: 'text', text: '.' },
    ])
  })

  it('finds videos by extension and ignores query strings', () => {
    expect(segmentContent('https://v.example/clip.webm?t=3')).toEqual([
      { kind: 'video', url: 'https://v.example/clip.webm?t=3' },
    ])
  })

  it('keeps a hashtag at the start and unicode tags, but not an anchor inside a word', () => {
    expect(segmentContent('#Café au lait')).toEqual([
      { kind: 'hashtag', tag: 'Café' },
      { kind: 'text', text: ' au lait' },
    ])
    expect(segmentContent('issue#12')).toEqual([{ kind: 'text', text: 'issue#12' }])
  })

  it('never turns javascript: or markup into links', () => {
    const segments = segmentContent(
      '<script>alert(1)</script> javascript:alert(1) <img src=x onerror=alert(1)>',
    )
    expect(segments).toEqual([
      {
        kind: 'text',
        text: '<script>alert(1)</script> javascript:alert(1) <img src=x onerror=alert(1)>',
      },
    ])
  })
})

describe('links: http and https only', () => {
  it('leaves every other scheme as text', () => {
    const text =
      'data:text/html,<b>x</b> ftp://files.example/a vbscript:msgbox(1) file:///etc/passwd'
    expect(segmentContent(text)).toEqual([{ kind: 'text', text }])
  })

  it('keeps a URL whole up to whitespace, without the sentence around it', () => {
    expect(segmentContent('(see https://a.example/path?x=1&y=2#top).')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', url: 'https://a.example/path?x=1&y=2#top' },
      { kind: 'text', text: ').' },
    ])
  })
})

describe('mediaUrls', () => {
  it('lists each image and video once, in order', () => {
    const content =
      'https://a.example/1.png https://a.example/2.webp https://a.example/1.png https://a.example/v.mp4'
    expect(mediaUrls(content)).toEqual({
      imageUrls: ['https://a.example/1.png', 'https://a.example/2.webp'],
      videoUrls: ['https://a.example/v.mp4'],
    })
  })
})
