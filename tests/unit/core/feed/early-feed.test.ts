import { npubEncode } from 'nostr-tools/nip19'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFERENCES } from '../../../../src/core/app/preferences.ts'
import {
  carriedNotes,
  earlyPage,
  earlyPlan,
  earlyRows,
} from '../../../../src/core/feed/early-feed.ts'
import { feedFilter, SHOW_EVERY_NOTE } from '../../../../src/core/feed/feed-filter.ts'
import { NOTES_PAGE_SIZE } from '../../../../src/core/feed/feed-source.ts'

const alice = generateSecretKey()
const bob = generateSecretKey()
const BOB = getPublicKey(bob)
const NOW = 1_800_000_000

const note = (content: string, ago: number, tags: string[][] = [], key = alice): NostrEvent =>
  finalizeEvent({ kind: 1, created_at: NOW - ago, tags, content }, key)

const repost = (of: NostrEvent, ago: number, content = JSON.stringify(of)): NostrEvent =>
  finalizeEvent(
    {
      kind: 6,
      created_at: NOW - ago,
      tags: [
        ['e', of.id],
        ['p', of.pubkey],
      ],
      content,
    },
    bob,
  )

const home = { pathname: '/', search: '', loggedIn: false, stored: {} }
const everyNote = SHOW_EVERY_NOTE
const none = new Set<string>()

describe('what the start-up script asks for', () => {
  it("a visitor's fresh install: the custom hashtags' notes, one page, with the hashtags as tabs", () => {
    const plan = earlyPlan(home)
    expect(plan?.filters).toEqual([
      { kinds: [1], '#t': ['bitcoin', 'news', 'nostr'], limit: NOTES_PAGE_SIZE },
    ])
    expect(plan?.tabs).toEqual(DEFAULT_PREFERENCES.customHashtags)
    expect(plan?.filter).toEqual(feedFilter(DEFAULT_PREFERENCES, null))
  })

  it('no custom hashtags: notes and reposts, no tabs; the preferences say which rows are hidden', () => {
    const plan = earlyPlan({ ...home, stored: { customHashtags: [], showReplies: false } })
    expect(plan?.filters).toEqual([{ kinds: [1, 6], limit: NOTES_PAGE_SIZE }])
    expect(plan?.tabs).toEqual([])
    expect(plan?.filter.showReplies).toBe(false)
  })

  it('leaves the first screen to the app when logged in, elsewhere than the home screen, on a ?tag= or in the picture modes', () => {
    expect(earlyPlan({ ...home, loggedIn: true })).toBeNull()
    expect(earlyPlan({ ...home, pathname: '/search' })).toBeNull()
    expect(earlyPlan({ ...home, search: '?tag=nostr' })).toBeNull()
    expect(earlyPlan({ ...home, stored: { imageMode: true } })).toBeNull()
    expect(earlyPlan({ ...home, stored: { filterByImageNotesOnly: true } })).toBeNull()
  })
})

describe('the rows it draws', () => {
  it("are the app's first page: the newest ten of every relay's events, each once", () => {
    const notes = Array.from({ length: 12 }, (_, i) => note(`note ${i}`, i * 60))
    const page = earlyPage([...notes].reverse().concat(notes.slice(0, 3)))
    expect(page.map((event) => event.content)).toEqual(
      notes.slice(0, NOTES_PAGE_SIZE).map((event) => event.content),
    )
    expect(earlyRows(page, everyNote, none)).toHaveLength(NOTES_PAGE_SIZE)
  })

  it('show text, links, hashtags and people named, with the blank ends trimmed as a card trims them', () => {
    const npub = npubEncode(BOB)
    const [row] = earlyRows(
      [note(`\n  Hello #nostr, see https://example.com/page and nostr:${npub} \n`, 0)],
      everyNote,
      none,
    )
    expect(row?.segments).toEqual([
      { kind: 'text', text: 'Hello ' },
      { kind: 'hashtag', tag: 'nostr' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', url: 'https://example.com/page' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', pubkey: BOB },
    ])
    expect(row?.replyTo).toBeNull()
    expect(row?.repost).toBeNull()
  })

  it('name whom a reply answers', () => {
    const root = note('root', 600, [], bob)
    const reply = note('reply', 0, [
      ['e', root.id, '', 'root'],
      ['p', BOB],
    ])
    expect(earlyRows([reply], everyNote, none)[0]?.replyTo).toBe(BOB)
  })

  it('stop at the first row that needs more than the event: pictures, a quote, a content warning', () => {
    const first = note('first', 0)
    const after = note('after', 600)
    const needsMore = [
      note('A picture https://example.com/a.jpg', 60),
      note('Quoting', 60, [['q', first.id]]),
      note('Careful', 60, [['content-warning', 'spoilers']]),
    ]
    for (const middle of needsMore) {
      expect(earlyRows([first, middle, after], everyNote, none).map((row) => row.id)).toEqual([
        first.id,
      ])
    }
  })

  it('skip the rows the preferences hide, and go on after them', () => {
    const reply = note('reply', 60, [['e', 'f'.repeat(64), '', 'root']])
    const shared = repost(note('shared', 3600, [], bob), 120)
    const [first, last] = [note('first', 0), note('last', 600)]
    const filter = { ...everyNote, showReplies: false, showReposts: false }
    expect(earlyRows([first, reply, shared, last], filter, none).map((r) => r.id)).toEqual([
      first.id,
      last.id,
    ])
  })

  it('show a repost with the note it carries once that note is checked; one to fetch ends the rows', () => {
    const original = note('the original', 3600, [], bob)
    const shared = repost(original, 60)
    const first = note('first', 0)
    expect(carriedNotes([first, shared]).map((event) => event.id)).toEqual([original.id])

    const rows = earlyRows([first, shared], everyNote, new Set([original.id]))
    expect(rows[1]).toMatchObject({
      id: original.id,
      segments: [{ kind: 'text', text: 'the original' }],
      repost: { id: shared.id, pubkey: BOB, created_at: shared.created_at },
    })
    // Not checked (or forged), or carried by no content: the app would fetch it.
    expect(earlyRows([first, shared], everyNote, none).map((row) => row.id)).toEqual([first.id])
    const bare = repost(original, 60, '')
    expect(carriedNotes([bare])).toEqual([])
    expect(earlyRows([first, bare], everyNote, none).map((row) => row.id)).toEqual([first.id])
  })

  it('make no row of a repost that names no note, as the app makes none', () => {
    const nameless = finalizeEvent({ kind: 6, created_at: NOW, tags: [], content: '' }, bob)
    const next = note('next', 60)
    expect(earlyRows([nameless, next], everyNote, none).map((row) => row.id)).toEqual([next.id])
  })
})
