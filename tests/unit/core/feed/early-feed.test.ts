import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFERENCES, type Preferences } from '../../../../src/core/app/preferences.ts'
import {
  type EarlyFeedStart,
  earlyFeedFilters,
  earlyNotes,
} from '../../../../src/core/feed/early-feed.ts'
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

describe('earlyNotes', () => {
  it('draws the newest ten, each once, newest first, whichever relay sent them', () => {
    const events = Array.from({ length: 14 }, (_, i) => note(i * 60))
    const shuffled = [...events.slice(7), ...events.slice(0, 9)] // repeats from a second relay
    expect(ids(earlyNotes(shuffled, plain))).toEqual(ids(events.slice(0, 10)))
  })

  it('draws text, links, hashtags and pictures; ends at the first note it would draw otherwise', () => {
    const drawn = [
      note(10, 'Just text'),
      note(20, 'A link https://example.com/page and #nostr'),
      note(30, 'A picture https://example.com/a.jpg'),
    ]
    const reply = note(40, 'Agreed', [['e', 'a'.repeat(64), '', 'reply']])
    const after = note(50, 'Not drawn: below the reply')
    expect(ids(earlyNotes([...drawn, reply, after], plain))).toEqual(ids(drawn))
  })

  it.each<[string, NostrEvent]>([
    ['a reply (its "Replying to" line)', note(5, 'Yes', [['e', 'b'.repeat(64), '', 'root']])],
    ['a content warning', note(5, 'Spoiler', [['content-warning', 'plot']])],
    ['#nsfw', note(5, 'Look #nsfw')],
    ['a mention', note(5, `Hi nostr:${npubOf('c'.repeat(64))}`)],
    ['a quote (q tag)', note(5, 'This', [['q', 'd'.repeat(64)]])],
    ['a clip', note(5, 'Watch https://example.com/clip.mp4')],
    ['a repost', finalizeEvent({ kind: 6, created_at: now - 5, tags: [], content: '' }, other)],
  ])('stops at %s, which only the app draws', (_, stop) => {
    const newest = note(1, 'Drawn')
    const older = note(9, 'Below it')
    expect(ids(earlyNotes([older, stop, newest], plain))).toEqual(ids([newest]))
  })

  it('stops at a picture in ASCII Mode, drawn as ASCII art by the app', () => {
    const text = note(1, 'Text')
    const picture = note(2, 'https://example.com/b.png')
    expect(ids(earlyNotes([text, picture], { ...plain, useAscii: true }))).toEqual(ids([text]))
    expect(ids(earlyNotes([text, picture], plain))).toEqual(ids([text, picture]))
  })

  it('leaves out what the feed filters hide, as the app does, and goes on below', () => {
    const first = note(1, 'First')
    const reply = note(2, 'A reply', [['e', 'e'.repeat(64), '', 'reply']])
    const next = note(3, 'Next')
    const noReplies = { ...plain, showReplies: false }
    expect(ids(earlyNotes([first, reply, next], noReplies))).toEqual(ids([first, next]))
  })
})
