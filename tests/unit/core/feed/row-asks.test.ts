import { neventEncode, noteEncode, npubEncode } from 'nostr-tools/nip19'
import { describe, expect, it } from 'vitest'
import { noteEntry, repostEntry } from '../../../../src/core/feed/feed-entry.ts'
import type { Note } from '../../../../src/core/feed/note.ts'
import { rowAsks } from '../../../../src/core/feed/row-asks.ts'

const hex = (c: string) => c.repeat(64)
const note = (id: string, pubkey: string, content = '', tags: string[][] = []): Note => ({
  id,
  content,
  pubkey,
  created_at: 1,
  tags,
  imageUrls: [],
  videoUrls: [],
  receivedAt: 0,
})

describe('row asks', () => {
  it("asks for every profile and quoted note a page's rows show, each once", () => {
    const quoting = note(
      hex('1'),
      hex('a'),
      `gm nostr:${npubEncode(hex('b'))} see nostr:${noteEncode(hex('2'))} and nostr:${neventEncode({ id: hex('3') })}`,
      [['q', hex('4'), 'wss://hint.example', hex('9')]],
    )
    const reply = note(hex('5'), hex('c'), 'yes', [
      ['e', hex('1'), '', 'root'],
      ['p', hex('c')],
      ['p', hex('d')],
    ])
    const reposted = repostEntry(
      {
        id: hex('6'),
        pubkey: hex('e'),
        created_at: 2,
        target: { id: hex('7'), relays: [], author: null },
      },
      note(hex('7'), hex('a')),
    )
    const missing = repostEntry(
      {
        id: hex('8'),
        pubkey: hex('f'),
        created_at: 3,
        target: { id: hex('9'), relays: [], author: null },
      },
      null,
    )
    const asks = rowAsks([noteEntry(quoting), noteEntry(reply), reposted, missing])
    expect(asks.pubkeys.sort()).toEqual([
      hex('9'),
      hex('a'),
      hex('b'),
      hex('c'),
      hex('d'),
      hex('e'),
    ])
    expect(asks.notes.map((quote) => quote.id).sort()).toEqual([hex('2'), hex('3'), hex('4')])
    // A quote's relay hint goes with it.
    expect(asks.notes.find((quote) => quote.id === hex('4'))?.relays).toEqual([
      'wss://hint.example',
    ])
  })
})
