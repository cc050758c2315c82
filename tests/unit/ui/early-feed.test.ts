// @vitest-environment happy-dom
// The early feed in the page: the app's markup for the rows, drawn with the DOM, and removed.
import { afterEach, describe, expect, it } from 'vitest'
import { profileParam } from '../../../src/core/app/route-ids.ts'
import type { EarlyNote } from '../../../src/core/feed/early-feed.ts'
import { shortNpub } from '../../../src/core/people/profile.ts'
import { drawEarlyFeed, endEarlyFeed } from '../../../src/ui/components/feed/early-feed.ts'

const ALICE = 'a1'.repeat(32)
const BOB = 'b2'.repeat(32)
const NOW = 1_800_000_000

const row = (extra: Partial<EarlyNote> = {}): EarlyNote => ({
  id: 'c3'.repeat(32),
  pubkey: ALICE,
  created_at: NOW - 5 * 60,
  segments: [{ kind: 'text', text: 'Hello' }],
  replyTo: null,
  repost: null,
  ...extra,
})

afterEach(() => endEarlyFeed())

describe('the early feed', () => {
  it('draws each row as a feed article: the short npub for a name, its letter, the time, the text and the actions, not working yet', () => {
    drawEarlyFeed([row()], [], NOW)
    const article = document.querySelector('.early-feed [role=feed] article')
    expect(article?.getAttribute('aria-posinset')).toBe('1')
    expect(article?.querySelector('.note-author')?.textContent).toBe(shortNpub(ALICE))
    expect(article?.querySelector('.avatar-fallback')?.textContent).toBe('N')
    expect(article?.querySelector('.note-author a')?.getAttribute('href')).toBe(
      `/npub/${profileParam(ALICE)}`,
    )
    expect(article?.querySelector('time')?.textContent).toBe('5m')
    expect(article?.querySelector('.note-text')?.textContent).toBe('Hello')
    expect(
      [...(article?.querySelectorAll('.note-action') ?? [])].map((b) => b.textContent),
    ).toEqual(['Reply', 'Repost', 'Like', 'Zap'])
    expect(document.querySelector('.feed-tabs')).toBeNull()
    // Its buttons do nothing until the app's row takes its place, and say so.
    const buttons = [...(article?.querySelectorAll('button') ?? [])]
    expect(buttons).toHaveLength(5)
    expect(buttons.every((button) => button.getAttribute('aria-disabled') === 'true')).toBe(true)
  })

  it('text as text, never markup; links, hashtags and people named as links', () => {
    drawEarlyFeed(
      [
        row({
          segments: [
            { kind: 'text', text: '<b>not bold</b> ' },
            { kind: 'hashtag', tag: 'nostr' },
            { kind: 'text', text: ' ' },
            { kind: 'link', url: 'https://example.com/a' },
            { kind: 'text', text: ' ' },
            { kind: 'mention', pubkey: BOB },
          ],
        }),
      ],
      [],
      NOW,
    )
    const text = document.querySelector('.note-text')
    expect(text?.querySelector('b')).toBeNull()
    expect(text?.textContent).toBe(`<b>not bold</b> #nostr example.com/a @${shortNpub(BOB)}`)
    expect(text?.querySelector('.hashtag')?.getAttribute('href')).toBe('/search?q=%23nostr')
    expect(text?.querySelector('a[target=_blank]')?.getAttribute('rel')).toBe(
      'noopener noreferrer nofollow',
    )
  })

  it('a reply names whom it answers; a repost says who reposted it, over the note', () => {
    const repost = { id: 'd4'.repeat(32), pubkey: BOB, created_at: NOW - 60 }
    drawEarlyFeed([row({ replyTo: BOB }), row({ repost, id: 'e5'.repeat(32) })], [], NOW)
    const [reply, shared] = document.querySelectorAll('article')
    expect(reply?.querySelector('.note-reply-to')?.textContent).toBe(
      `Replying to ${shortNpub(BOB)}`,
    )
    expect(shared?.getAttribute('data-repost-id')).toBe(repost.id)
    expect(shared?.querySelector('.note-repost')?.textContent).toBe(
      `${shortNpub(BOB)} reposted · 1m`,
    )
  })

  it('the custom hashtags as tabs, All selected; nothing at all without rows; gone when ended', () => {
    drawEarlyFeed([], ['Nostr'], NOW)
    expect(document.querySelector('.early-feed')).toBeNull()
    drawEarlyFeed([row()], ['Nostr', 'Bitcoin'], NOW)
    const tabs = [...document.querySelectorAll('.feed-tab')]
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('href')])).toEqual([
      ['All', '/'],
      ['#Nostr', '/?tag=nostr'],
      ['#Bitcoin', '/?tag=bitcoin'],
    ])
    expect(tabs[0]?.getAttribute('aria-current')).toBe('page')
    endEarlyFeed()
    expect(document.querySelector('.early-feed')).toBeNull()
  })
})
