import { describe, expect, it } from 'vitest'
import { contentTags, tagPreview } from '../../../../src/core/publish/compose-note.ts'

const ALICE = 'a'.repeat(64)
const BOB = 'b'.repeat(64)
const NOTE = 'c'.repeat(64)

describe('tagPreview', () => {
  it('lists the hashtags and people in order, and counts the quotes', () => {
    const tags = [
      ['t', 'nostr'],
      ['p', ALICE],
      ['q', NOTE, 'wss://relay.example.com', BOB],
      ['p', BOB],
      ['t', 'bitcoin'],
      ['q', `30023:${ALICE}:post`, ''],
      ['client', 'Plume'],
    ]
    expect(tagPreview(tags)).toEqual({
      hashtags: ['nostr', 'bitcoin'],
      people: [ALICE, BOB],
      quotes: 2,
    })
  })

  it('is empty for a text that tags nothing', () => {
    expect(tagPreview(contentTags('just words'))).toEqual({ hashtags: [], people: [], quotes: 0 })
  })

  it('reads what the text will tag', () => {
    expect(tagPreview(contentTags('Hello #Nostr and #nostr'))).toEqual({
      hashtags: ['nostr'],
      people: [],
      quotes: 0,
    })
  })
})
