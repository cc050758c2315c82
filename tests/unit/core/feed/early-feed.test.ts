import { naddrEncode, noteEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFERENCES, type Preferences } from '../../../../src/core/app/preferences.ts'
import {
  type CarriedNote,
  type EarlyFeedStart,
  earlyFeedFilters,
  earlyRows,
} from '../../../../src/core/feed/early-feed.ts'
import { newestFirst } from '../../../../src/core/platform/event-order.ts'
import { npubOf } from '../../../../src/core/platform/npub.ts'

/** The whole feed, pictures as pictures: where the early feed is drawn. */
const plain: Preferences = {
  ...DEFAULT_PREFERENCES,
  customHashtags: [],
  useAscii: false,
}
const start: EarlyFeedStart = { pathname: '/', search: '', preferences: plain, signedIn: false }

const key = generateSecretKey()
const other = generateSecretKey()
const now = 1_800_000_000
let made = 0
/** A kind-1 note `ago` seconds old. */
const note = (ago: number, content = `note ${++made}`, tags: string[][] = []): NostrEvent =>
  finalizeEvent({ kind: 1, created_at: now - ago, tags, content }, key)
const ids = (events: readonly { id: string }[]) => events.map((event) => event.id)
const none: CarriedNote = () => null
/** The notes carried, by repost id. */
const carrying =
  (notes: Record<string, NostrEvent>): CarriedNote =>
  (repost) =>
    notes[repost.id] ?? null
/** The notes drawn of the page's leading events (newest first, as the early page hands them). */
const earlyNotes = (events: NostrEvent[], preferences: Preferences, carried = none) =>
  earlyRows(preferences)([...events].sort(newestFirst), carried).rows.map((row) => row.note)

describe('earlyFeedFilters', () => {
  it("asks for the app's first page of the whole feed", () => {
    expect(earlyFeedFilters(start)).toEqual([{ kinds: [1, 6], limit: 10 }])
  })

  it('asks for the notes tagged with any of the custom hashtags, the "All" tab', () => {
    const tagged = { ...plain, customHashtags: ['Nostr', 'Bitcoin'] }
    expect(earlyFeedFilters({ ...start, preferences: tagged })).toEqual([
      { kinds: [1], '#t': ['bitcoin', 'nostr'], limit: 10 },
    ])
  })

  it.each<[string, Partial<EarlyFeedStart> | Partial<Preferences>, 'start' | 'preferences']>([
    ['someone is logged in (mutes, Follow Only)', { signedIn: true }, 'start'],
    ['another screen', { pathname: '/notifications' }, 'start'],
    ['a hashtag named in the URL', { search: '?tag=bitcoin' }, 'start'],
    ['Image Notes Only', { filterByImageNotesOnly: true }, 'preferences'],
    ['Image Mode', { imageMode: true }, 'preferences'],
  ])('is not drawn with %s', (_, change, where) => {
    const changed =
      where === 'start'
        ? { ...start, ...change }
        : { ...start, preferences: { ...plain, ...change } }
    expect(earlyFeedFilters(changed)).toBeNull()
  })
})

describe('earlyRows', () => {
  it('draws the first ten of the leading notes as they come, then no more', () => {
    const events = Array.from({ length: 14 }, (_, i) => note(i * 60))
    const next = earlyRows(plain)
    const steps = [1, 4, 9, 14].map((count) => next(events.slice(0, count), none))
    expect(steps.map(({ rows }) => ids(rows.map((row) => row.note)))).toEqual([
      ids(events.slice(0, 1)),
      ids(events.slice(1, 4)),
      ids(events.slice(4, 9)),
      ids(events.slice(9, 10)),
    ])
    expect(steps.map(({ complete }) => complete)).toEqual([false, false, false, true])
    expect(next(events, none)).toEqual({ rows: [], complete: true })
  })

  it('is complete at the first note only the app draws, and draws nothing after it', () => {
    const next = earlyRows(plain)
    const warned = note(2, 'Spoiler', [['content-warning', 'plot']])
    const first = note(1)
    expect(next([first], none).complete).toBe(false)
    expect(next([first, warned, note(3)], none)).toEqual({ rows: [], complete: true })
  })

  it('draws text, links, hashtags, pictures, mentions, quotes and replies; ends at the first note it would draw otherwise', () => {
    const drawn = [
      note(10, 'Just text'),
      note(20, 'A link https://example.com/page and #nostr'),
      note(30, 'A picture https://example.com/a.jpg'),
      note(35, `Hi nostr:${npubOf('c'.repeat(64))}`),
      note(36, `Quoting nostr:${noteEncode('e'.repeat(64))}`),
      note(37, 'This', [['q', 'd'.repeat(64)]]),
      note(38, 'Agreed', [
        ['e', 'a'.repeat(64), '', 'reply'],
        ['p', 'b'.repeat(64)],
      ]),
    ]
    const warned = note(40, 'Spoiler', [['content-warning', 'plot']])
    const after = note(50, 'Not drawn: below the warning')
    expect(ids(earlyNotes([...drawn, warned, after], plain))).toEqual(ids(drawn))
  })

  it.each<[string, NostrEvent]>([
    ['a content warning', note(5, 'Spoiler', [['content-warning', 'plot']])],
    ['#nsfw', note(5, 'Look #nsfw')],
    [
      'an address',
      note(
        5,
        `Read nostr:${naddrEncode({ kind: 30023, pubkey: 'f'.repeat(64), identifier: 'a' })}`,
      ),
    ],
    ['a clip', note(5, 'Watch https://example.com/clip.mp4')],
    [
      'a repost without the note',
      finalizeEvent(
        { kind: 6, created_at: now - 5, tags: [['e', 'a'.repeat(64)]], content: '' },
        other,
      ),
    ],
  ])('stops at %s, which only the app draws', (_, stop) => {
    const newest = note(1, 'Drawn')
    const older = note(9, 'Below it')
    expect(ids(earlyNotes([older, stop, newest], plain))).toEqual(ids([newest]))
  })

  it('draws a picture in ASCII Mode too (the art held as its box, as the app holds it)', () => {
    const text = note(1, 'Text')
    const picture = note(2, 'https://example.com/b.png')
    const below = note(3, 'Below it')
    expect(ids(earlyNotes([text, picture, below], { ...plain, useAscii: true }))).toEqual(
      ids([text, picture, below]),
    )
    expect(ids(earlyNotes([text, picture, below], plain))).toEqual(ids([text, picture, below]))
  })

  it('leaves out what the feed filters hide, as the app does, and goes on below', () => {
    const first = note(1, 'First')
    const reply = note(2, 'A reply', [['e', 'e'.repeat(64), '', 'reply']])
    const next = note(3, 'Next')
    const noReplies = { ...plain, showReplies: false }
    expect(ids(earlyNotes([first, reply, next], noReplies))).toEqual(ids([first, next]))
  })

  it('draws a repost with the note it carries once that has held, as the app does', () => {
    const reposted = note(600, 'Worth reading again')
    const repost = finalizeEvent(
      {
        kind: 6,
        created_at: now - 5,
        tags: [
          ['e', reposted.id],
          ['p', reposted.pubkey],
        ],
        content: JSON.stringify(reposted),
      },
      other,
    )
    const older = note(9, 'Below it')
    // Not carried (its signature not checked, or failed): the rows end at the repost.
    expect(ids(earlyNotes([repost, older], plain))).toEqual([])
    const { rows } = earlyRows(plain)([repost, older], carrying({ [repost.id]: reposted }))
    expect(rows.map((row) => [row.note.id, row.repost?.id ?? null])).toEqual([
      [reposted.id, repost.id],
      [older.id, null],
    ])
    // Reposts hidden: left out, as the app leaves them out.
    const noReposts = { ...plain, showReposts: false }
    expect(
      ids(earlyNotes([repost, older], noReposts, carrying({ [repost.id]: reposted }))),
    ).toEqual([older.id])
  })
})
