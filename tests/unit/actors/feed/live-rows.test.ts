/**
 * Live rows under a flood: each feed (and a profile's notes tab) keeps its newest LIVE_ROWS_MAX
 * live rows, whatever a relay sends, the newest always among them, and "Show new notes" still has
 * them on top of the pages.
 */
import { QueryClient } from '@tanstack/react-query'
import type { NostrEvent } from 'nostr-tools/pure'
import { describe, expect, it } from 'vitest'
import {
  addLive,
  addLiveTo,
  feedEntries,
  liveRowsOptions,
} from '../../../../src/actors/feed/feed-queries.ts'
import { addProfileLive, profileLiveOptions } from '../../../../src/actors/feed/profile-notes.ts'
import { type FeedEntry, LIVE_ROWS_MAX, noteEntry } from '../../../../src/core/feed/feed-entry.ts'
import {
  feedSourceKey,
  GLOBAL_SOURCE,
  NOTES_PAGE_SIZE,
} from '../../../../src/core/feed/feed-source.ts'
import { FEED_WINDOW_PAGES, FIRST_CURSOR } from '../../../../src/core/feed/feed-window.ts'
import { toNote } from '../../../../src/core/feed/note.ts'

const FLOOD = 5_000
const pubkey = 'a'.repeat(64)

/** Unsigned: these rows never meet a relay or the verifier. */
const event = (i: number): NostrEvent => ({
  id: i.toString(16).padStart(64, '0'),
  pubkey,
  kind: 1,
  created_at: 1_700_000_000 + i,
  tags: [],
  content: `note ${i}`,
  sig: '0'.repeat(128),
})
const entryOf = (e: NostrEvent) => noteEntry(toNote(e, 0))
const liveRow = (e: NostrEvent) => ({ event: e, entry: entryOf(e) })
const flood = Array.from({ length: FLOOD }, (_, i) => event(i))
const newestIds = (count: number) =>
  flood
    .slice(-count)
    .reverse()
    .map((e) => e.id)

/** A client holding the global feed's query, with its relay filters in its meta (as the app's). */
function clientWithFeed() {
  const queryClient = new QueryClient()
  queryClient.getQueryCache().build(queryClient, {
    queryKey: feedSourceKey(GLOBAL_SOURCE),
    meta: { feedFilters: [{ kinds: [1, 6] }] },
  })
  return queryClient
}

describe('live rows under a flood', () => {
  it('keep a window of pages: 20 pages of 10 notes', () => {
    expect(LIVE_ROWS_MAX).toBe(FEED_WINDOW_PAGES * NOTES_PAGE_SIZE)
  })

  it('a feed keeps its newest LIVE_ROWS_MAX live rows, newest first', () => {
    const queryClient = clientWithFeed()
    for (const e of flood) addLive(queryClient, [liveRow(e)])
    const live = queryClient.getQueryData<readonly FeedEntry[]>(liveRowsOptions().queryKey)
    expect(live?.map((entry) => entry.id)).toEqual(newestIds(LIVE_ROWS_MAX))
  })

  it('in any order of arrival: the newest stay, an older latecomer does not push one out', () => {
    const queryClient = clientWithFeed()
    // Newest first, as a relay answering a REQ sends them, then every other one again.
    const shuffled = [...[...flood].reverse(), ...flood.filter((_, i) => i % 2 === 0)]
    for (const e of shuffled) addLive(queryClient, [liveRow(e)])
    addLive(queryClient, [liveRow(flood[0]!)])
    const live = queryClient.getQueryData<readonly FeedEntry[]>(liveRowsOptions().queryKey)
    expect(live?.map((entry) => entry.id)).toEqual(newestIds(LIVE_ROWS_MAX))
  })

  it('a burst added in one write keeps the same rows as one by one', () => {
    const queryClient = clientWithFeed()
    addLive(queryClient, [...flood].reverse().map(liveRow))
    const live = queryClient.getQueryData<readonly FeedEntry[]>(liveRowsOptions().queryKey)
    expect(live?.map((entry) => entry.id)).toEqual(newestIds(LIVE_ROWS_MAX))
  })

  it("a Follow Only feed's own live rows are bounded the same way", () => {
    const queryClient = new QueryClient()
    const key = ['feed', 'follows']
    for (const e of flood) addLiveTo(queryClient, key, [entryOf(e)])
    const live = queryClient.getQueryData<readonly FeedEntry[]>([...key, 'live'])
    expect(live?.map((entry) => entry.id)).toEqual(newestIds(LIVE_ROWS_MAX))
  })

  it('the rows shown: the kept live rows on top of the pages', () => {
    const queryClient = clientWithFeed()
    for (const e of flood) addLive(queryClient, [liveRow(e)])
    const live = queryClient.getQueryData<readonly FeedEntry[]>(liveRowsOptions().queryKey)
    const old = entryOf({ ...event(0), id: 'f'.repeat(64), created_at: 1 })
    const page = { entries: [old], cursor: FIRST_CURSOR, next: undefined }
    const rows = feedEntries({ pages: [page], pageParams: [page.cursor] } as never, live)
    expect(rows).toHaveLength(LIVE_ROWS_MAX + 1)
    expect(rows[0]?.id).toBe(flood.at(-1)?.id)
    expect(rows.at(-1)?.id).toBe(old.id)
  })

  it("a profile's live rows keep the newest LIVE_ROWS_MAX", () => {
    const queryClient = new QueryClient()
    for (const e of flood) addProfileLive(queryClient, pubkey, entryOf(e))
    const live = queryClient.getQueryData<readonly FeedEntry[]>(profileLiveOptions(pubkey).queryKey)
    expect(live?.map((entry) => entry.id)).toEqual(newestIds(LIVE_ROWS_MAX))
  })
})
