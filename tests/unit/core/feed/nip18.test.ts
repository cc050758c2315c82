import { neventEncode, noteEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { parseRepost, quotedNotes } from '../../../../src/core/feed/nip18.ts'

const alice = generateSecretKey()
const bob = generateSecretKey()
const original = finalizeEvent({ kind: 1, created_at: 100, tags: [], content: 'hello' }, alice)
const RELAY = 'wss://relay.example'

const repost = (tags: string[][], content: string) =>
  finalizeEvent({ kind: 6, created_at: 200, tags, content }, bob)

describe('parseRepost (NIP-18)', () => {
  it('names the note of the e tag, with its relay hint, and carries the note from the content', () => {
    const event = repost(
      [
        ['e', original.id, RELAY],
        ['p', original.pubkey],
      ],
      JSON.stringify(original),
    )
    expect(parseRepost(event)).toEqual({
      target: { id: original.id, relays: [RELAY], author: original.pubkey },
      embedded: JSON.parse(JSON.stringify(original)),
    })
  })

  it('with empty content only points at the note (to be fetched)', () => {
    const event = repost(
      [
        ['e', original.id, RELAY],
        ['p', original.pubkey],
      ],
      '',
    )
    expect(parseRepost(event)).toEqual({
      target: { id: original.id, relays: [RELAY], author: original.pubkey },
      embedded: null,
    })
  })

  it('does not take content that claims another note than the e tag, or is not a note', () => {
    const other = finalizeEvent({ kind: 1, created_at: 1, tags: [], content: 'other' }, alice)
    expect(parseRepost(repost([['e', original.id]], JSON.stringify(other)))?.embedded).toBeNull()
    const article = finalizeEvent({ kind: 30023, created_at: 1, tags: [], content: 'x' }, alice)
    expect(parseRepost(repost([['e', article.id]], JSON.stringify(article)))?.embedded).toBeNull()
    expect(parseRepost(repost([['e', original.id]], '{"id":'))?.embedded).toBeNull()
  })

  it('falls back to the carried note without an e tag; nothing at all gives null', () => {
    expect(parseRepost(repost([], JSON.stringify(original)))?.target.id).toBe(original.id)
    expect(parseRepost(repost([], ''))).toBeNull()
    expect(parseRepost({ kind: 1, tags: [['e', original.id]], content: '' })).toBeNull()
  })
})

describe('quotedNotes (NIP-18 quote reposts)', () => {
  const ID = 'a'.repeat(64)
  const ID2 = 'b'.repeat(64)

  it('finds nostr:note and nostr:nevent in the text, with relays and author, each once', () => {
    const nevent = neventEncode({ id: ID, relays: [RELAY], author: original.pubkey })
    const content = `look nostr:${nevent} and again nostr:${noteEncode(ID)} and nostr:${noteEncode(ID2)}`
    expect(quotedNotes([], content)).toEqual([
      { id: ID, relays: [RELAY], author: original.pubkey },
      { id: ID2, relays: [], author: null },
    ])
  })

  it('adds q tags naming events, and their hints to references without any', () => {
    const content = `quoting nostr:${noteEncode(ID)}`
    expect(
      quotedNotes(
        [
          ['q', ID, RELAY, original.pubkey],
          ['q', ID2],
          ['q', `30023:${original.pubkey}:post`],
        ],
        content,
      ),
    ).toEqual([
      { id: ID, relays: [RELAY], author: original.pubkey },
      { id: ID2, relays: [], author: null },
    ])
  })
})
