import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFERENCES } from '../../../../src/core/app/preferences.ts'
import { type FeedEntry, noteEntry, repostEntry } from '../../../../src/core/feed/feed-entry.ts'
import {
  feedFilter,
  filterEntries,
  hiddenEntries,
  SHOW_EVERY_NOTE,
} from '../../../../src/core/feed/feed-filter.ts'
import type { Note } from '../../../../src/core/feed/note.ts'

const ALICE = 'a'.repeat(64)
const BOB = 'b'.repeat(64)
const ROOT = 'f'.repeat(64)

const note = (id: string, extra: Partial<Note> = {}): Note => ({
  id,
  content: '',
  pubkey: ALICE,
  created_at: 1,
  tags: [],
  imageUrls: [],
  videoUrls: [],
  receivedAt: 0,
  ...extra,
})

const plain = noteEntry(note('plain'))
const reply = noteEntry(note('reply', { tags: [['e', ROOT, '', 'root']] }))
const picture = noteEntry(note('picture', { imageUrls: ['https://m.example/a.png'] }))
const byBob = noteEntry(note('bob', { pubkey: BOB }))
const repostOfPicture = repostEntry(
  {
    id: 'repost',
    pubkey: BOB,
    created_at: 2,
    target: { id: 'picture', relays: [], author: ALICE },
  },
  picture.note,
)
const lostRepost = repostEntry(
  { id: 'lost', pubkey: BOB, created_at: 2, target: { id: 'x', relays: [], author: null } },
  null,
)
const all: FeedEntry[] = [plain, reply, picture, byBob, repostOfPicture, lostRepost]
const ids = (entries: readonly FeedEntry[]) => entries.map((entry) => entry.id)
/** Every row filter off: a fresh install's. */
const EVERY_NOTE = DEFAULT_PREFERENCES

describe('feed filters', () => {
  it('a fresh install shows everything that can be shown (a repost of a lost note cannot)', () => {
    expect(ids(filterEntries(all, feedFilter(DEFAULT_PREFERENCES, null)))).toEqual([
      'plain',
      'reply',
      'picture',
      'bob',
      'repost',
    ])
  })

  it('Show Replies off hides NIP-10 replies', () => {
    const filter = feedFilter({ ...EVERY_NOTE, showReplies: false }, null)
    expect(ids(filterEntries(all, filter))).not.toContain('reply')
  })

  it('Show Reposts off hides reposts', () => {
    const filter = feedFilter({ ...EVERY_NOTE, showReposts: false }, null)
    expect(ids(filterEntries(all, filter))).toEqual(['plain', 'reply', 'picture', 'bob'])
  })

  it('Image Notes Only keeps notes with pictures, reposted ones too', () => {
    const filter = feedFilter({ ...EVERY_NOTE, filterByImageNotesOnly: true }, null)
    expect(ids(filterEntries(all, filter))).toEqual(['picture', 'repost'])
  })

  it('Follow Only keeps rows of followed people (a repost is the reposter’s), and needs a list', () => {
    const on = { ...EVERY_NOTE, filterByFollow: true }
    expect(ids(filterEntries(all, feedFilter(on, [BOB])))).toEqual(['bob', 'repost'])
    expect(feedFilter(on, null).authors).toBeNull()
    expect(feedFilter(EVERY_NOTE, [BOB]).authors).toBeNull()
  })

  it('counts the rows the filters hide, not a repost of a lost note, which nothing could show', () => {
    const imagesOnly = feedFilter({ ...EVERY_NOTE, filterByImageNotesOnly: true }, null)
    expect(ids(hiddenEntries(all, imagesOnly))).toEqual(['plain', 'reply', 'bob'])
    expect(hiddenEntries(all, feedFilter(EVERY_NOTE, null))).toEqual([])
  })

  it('shown anyway, every row that can be shown is', () => {
    expect(ids(filterEntries(all, SHOW_EVERY_NOTE))).toEqual(
      ids(filterEntries(all, feedFilter(EVERY_NOTE, null))),
    )
    expect(hiddenEntries(all, SHOW_EVERY_NOTE)).toEqual([])
  })
})
