// The feed's pages and live rows against a real relay: real sockets (ws in Node), the real socket
// machine and hub, the verify API over a MessageChannel, a real QueryClient.
import { type InfiniteData, InfiniteQueryObserver, QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  type FeedPage,
  feedEntries,
  feedQueryOptions,
  followLiveFeed,
  liveRowsOptions,
} from '../../../../src/actors/feed/feed-queries.ts'
import { createOutboxRelays, type PoolRelay } from '../../../../src/actors/relays/outbox-relays.ts'
import type { ReadRoutes } from '../../../../src/actors/relays/read-routes.ts'
import {
  type FeedSource,
  GLOBAL_SOURCE,
  type PageStart,
} from '../../../../src/core/feed/feed-source.ts'
import { FAILED_TO_LOAD_NOTES } from '../../../../src/core/relays/relay-messages.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from '../relays/real-hub.ts'

const alice = generateSecretKey()
const now = Math.floor(Date.now() / 1000)
const note = (ago: number, content: string): NostrEvent =>
  finalizeEvent({ kind: 1, created_at: now - ago, tags: [], content }, alice)
const stored = Array.from({ length: 30 }, (_, i) => note(100 + i * 10, `stored ${i}`))

const hubs = realHubs()

let relay: RelayHandle

beforeAll(async () => {
  relay = await startRelay({ seed: stored })
})
afterAll(async () => {
  hubs.close()
  await relay.close()
})
afterEach(() => {
  relay.setFaults(undefined)
  void hubs.stopSockets()
})

/** Stored events end after this long when the relay never says EOSE. */
const EOSE_WAIT_MS = 800

/** A hub on the relay, its socket open: the wait above is for answers, not for connecting. */
const connect = async () => {
  const connection = hubs.connect([relay.url], { eoseTimeoutMs: EOSE_WAIT_MS })
  await connection.connected()
  return connection
}

/** The global feed over a pool of these relays, its sockets open, and its first page in. */
async function poolFeed(relays: RelayHandle[], eoseTimeoutMs: number) {
  const connection = hubs.connect(
    relays.map(({ url }) => url),
    { eoseTimeoutMs },
  )
  await connection.connected()
  const { hub, verifier } = connection
  const pool: PoolRelay[] = relays.map(({ url }) => ({ url, permission: 'readwrite' }))
  const routes: ReadRoutes = {
    pool: () => pool,
    outbox: createOutboxRelays(hub),
    ownReadRelays: () => [],
  }
  const options = feedQueryOptions(hub, undefined, verifier, routes)
  const observer = new InfiniteQueryObserver(new QueryClient(), { ...options, staleTime: Infinity })
  await observer.refetch()
  return observer
}

describe('feed queries', () => {
  it('keeps a live note that arrives while the next page is loading', async () => {
    // The page ends when the test sends its EOSE, not when a wait runs out: a busy machine may
    // take longer than any wait to bring the live note.
    const connection = hubs.connect([relay.url], { eoseTimeoutMs: 60_000 })
    await connection.connected()
    const { hub, verifier } = connection
    const queryClient = new QueryClient()
    const options = feedQueryOptions(hub, undefined, verifier)
    await queryClient.fetchInfiniteQuery(options)
    const stop = followLiveFeed(hub, queryClient, verifier)
    await hub.query([{ kinds: [1], limit: 1 }]) // the live REQ is out by the time this answers

    // The next page waits for its end of stored events, which the relay holds back; a note
    // published meanwhile reaches the live REQ first.
    let endPage: (() => void) | undefined
    relay.setFaults({
      rewrite: (frame) => (frame[0] === 'EOSE' ? null : frame),
      onReq: (subId, filters, send) => {
        if (filters.some((filter) => filter.until !== undefined))
          endPage = () => send(JSON.stringify(['EOSE', subId]))
      },
    })
    const observer = new InfiniteQueryObserver(queryClient, { ...options, staleTime: Infinity })
    const nextPage = observer.fetchNextPage()
    // Dated now, not at load: the live REQ asks for notes since it was opened.
    const live = finalizeEvent(
      {
        kind: 1,
        created_at: Math.floor(Date.now() / 1000) + 1,
        tags: [],
        content: 'published while the next page loads',
      },
      alice,
    )
    await relay.publish(live)
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(liveRowsOptions().queryKey)).toHaveLength(1),
    )
    expect(queryClient.getQueryState(options.queryKey)?.fetchStatus, 'the page still loads').toBe(
      'fetching',
    )
    await vi.waitFor(() => expect(endPage).toBeDefined())
    endPage!()
    await nextPage
    // The page that was loading does not have it: only the live rows do.
    expect(
      observer.getCurrentResult().data?.pages.flatMap((page) => page.entries.map((e) => e.id)),
    ).not.toContain(live.id)
    await vi.waitFor(() => {
      const data = queryClient.getQueryData<InfiniteData<FeedPage, PageStart>>(options.queryKey)
      const rows = feedEntries(data, queryClient.getQueryData(liveRowsOptions().queryKey))
      expect(data?.pages).toHaveLength(2)
      expect(rows[0]?.id).toBe(live.id)
      expect(rows.filter((row) => row.id === live.id)).toHaveLength(1)
      expect(rows.length).toBe(21)
    })
    stop()
  })

  it('a hashtag feed holds the notes tagged with any of its hashtags, stored and live', async () => {
    const { hub, verifier } = await connect()
    const queryClient = new QueryClient()
    const tagged: FeedSource = { follows: null, hashtags: ['News', 'Bitcoin'] }
    // Older than the first test's pages, so they never meet.
    const tagNote = (ago: number, tag: string | null, content: string) =>
      finalizeEvent(
        { kind: 1, created_at: now - ago, tags: tag ? [['t', tag]] : [], content },
        alice,
      )
    const news = tagNote(10_000, 'news', 'stored #news')
    const art = tagNote(10_001, 'art', 'stored #art')
    const bitcoin = tagNote(10_002, 'bitcoin', 'stored #bitcoin')
    for (const event of [news, art, bitcoin]) await relay.publish(event)

    const options = feedQueryOptions(hub, tagged, verifier)
    expect(options.queryKey).toEqual(['feed', 'tags', 'bitcoin', 'news'])
    const data = await queryClient.fetchInfiniteQuery(options)
    expect(feedEntries(data).map((row) => row.id)).toEqual([news.id, bitcoin.id])
    await queryClient.fetchInfiniteQuery(feedQueryOptions(hub, GLOBAL_SOURCE, verifier))

    const stop = followLiveFeed(hub, queryClient, verifier)
    await hub.query([{ kinds: [1], limit: 1 }]) // the live REQ is out by the time this answers
    const at = Math.floor(Date.now() / 1000) + 1
    const liveTagged = finalizeEvent(
      { kind: 1, created_at: at, tags: [['t', 'bitcoin']], content: 'live #bitcoin' },
      alice,
    )
    const livePlain = finalizeEvent(
      { kind: 1, created_at: at, tags: [], content: 'live, no tag' },
      alice,
    )
    await relay.publish(liveTagged)
    await relay.publish(livePlain)
    const liveIds = (source: FeedSource) =>
      (queryClient.getQueryData(liveRowsOptions(source).queryKey) ?? []).map((row) => row.id)
    // The global feed takes both (and the notes of the last minute, the live overlap).
    await vi.waitFor(() =>
      expect(liveIds(GLOBAL_SOURCE)).toEqual(expect.arrayContaining([liveTagged.id, livePlain.id])),
    )
    expect(liveIds(tagged)).toEqual([liveTagged.id])
    stop()
  })

  it('a page the relay does not answer in time is asked again, not taken for the end', async () => {
    const { hub, verifier } = await connect()
    const queryClient = new QueryClient()
    const options = feedQueryOptions(hub, undefined, verifier)
    await queryClient.fetchInfiniteQuery(options)
    const observer = new InfiniteQueryObserver(queryClient, { ...options, staleTime: Infinity })
    // The relay swallows the next page's REQ: the hub gives up after EOSE_WAIT_MS, empty-handed.
    relay.setFaults({ dropAll: true })
    await observer.fetchNextPage()
    const emptyPage = observer.getCurrentResult()
    expect(emptyPage.data?.pages.at(-1)?.entries).toEqual([])
    expect(emptyPage.hasNextPage).toBe(true)
    relay.setFaults(undefined)
    await observer.fetchNextPage()
    const { data } = observer.getCurrentResult()
    // The same start asked again: the page the relay swallowed, right after the first.
    expect(data?.pages.map((page) => page.entries.length)).toEqual([10, 0, 10])
    const [first, , third] = data!.pages.map((page) => page.entries.map((row) => row.created_at))
    expect(Math.max(...third!)).toBeLessThanOrEqual(Math.min(...first!))
    expect(new Set(feedEntries(data).map((row) => row.id)).size).toBe(20)
  })

  it('older pages no relay answers, asked again until the end would be taken, fail to load: the feed has not ended', async () => {
    const { hub, verifier } = await connect()
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const options = feedQueryOptions(hub, undefined, verifier)
    const observer = new InfiniteQueryObserver(queryClient, { ...options, staleTime: Infinity })
    await observer.refetch()
    relay.setFaults({ dropAll: true })
    // Two empty pages asked again, then the one that would end the feed.
    await observer.fetchNextPage()
    await observer.fetchNextPage()
    expect(observer.getCurrentResult().hasNextPage).toBe(true)
    await observer.fetchNextPage()
    const failed = observer.getCurrentResult()
    expect(failed.isFetchNextPageError).toBe(true)
    expect(failed.error?.message).toBe(FAILED_TO_LOAD_NOTES)
    expect(failed.data?.pages.map((page) => page.entries.length)).toEqual([10, 0, 0])
    // Try again, the relay back: the notes go on from where they stopped.
    relay.setFaults(undefined)
    await observer.fetchNextPage()
    const { data, isError } = observer.getCurrentResult()
    expect(isError).toBe(false)
    expect(data?.pages.map((page) => page.entries.length)).toEqual([10, 0, 0, 10])
    observer.destroy()
  })

  it('a page of the pool shows every note that came complete from its relays, not the newest ten', async () => {
    // Two relays of the pool, each with 15 notes of its own, theirs between the other's in time.
    const bob = generateSecretKey()
    const carol = generateSecretKey()
    const notesOf = (key: Uint8Array, first: number) =>
      Array.from({ length: 15 }, (_, i) =>
        finalizeEvent(
          { kind: 1, created_at: now - first - i * 20, tags: [], content: `${first} ${i}` },
          key,
        ),
      )
    const [bobNotes, carolNotes] = [notesOf(bob, 100), notesOf(carol, 110)]
    const relays = await Promise.all([
      startRelay({ seed: bobNotes }),
      startRelay({ seed: carolNotes }),
    ])
    try {
      const observer = await poolFeed(relays, 60_000)
      await observer.fetchNextPage()
      const pages = () => observer.getCurrentResult().data?.pages ?? []
      // Each relay sent its newest ten: bob's reach back to 280 s ago, carol's to 290 s. Every note
      // down to 280 s ago came complete, 19 of them; the other 11 make the second page, each
      // relay asked once for each.
      expect(pages().map((page) => page.entries.length)).toEqual([19, 11])
      expect(relays.map((relay) => relay.stats().reqs)).toEqual([2, 2])
      // (The empty pages after it, asked again before the end is taken, hold nothing.)
      while (observer.getCurrentResult().hasNextPage) await observer.fetchNextPage()
      const newest = [...bobNotes, ...carolNotes].sort((a, b) => b.created_at - a.created_at)
      expect(feedEntries(observer.getCurrentResult().data).map((row) => row.id)).toEqual(
        newest.map((event) => event.id),
      )
      observer.destroy()
    } finally {
      await Promise.all(relays.map((relay) => relay.close()))
    }
  })

  it('a relay of the pool silent for a page is asked again from where it stopped: none of its notes is skipped', async () => {
    // Bob's notes are on a second relay of the pool only, among alice's in time.
    const bob = generateSecretKey()
    const bobNotes = Array.from({ length: 12 }, (_, i) =>
      finalizeEvent(
        { kind: 1, created_at: now - 105 - i * 10, tags: [], content: `bob ${i}` },
        bob,
      ),
    )
    const second = await startRelay({ seed: bobNotes })
    try {
      const observer = await poolFeed([relay, second], EOSE_WAIT_MS)
      second.setFaults({ dropAll: true })
      await observer.fetchNextPage()
      const owedFrom = observer.getCurrentResult().data!.pages[1]!.cursor.start.until
      expect(observer.getCurrentResult().data!.pages[1]!.next?.start.owed).toEqual({
        [second.url]: owedFrom,
      })
      second.setFaults(undefined)
      while (observer.getCurrentResult().hasNextPage) await observer.fetchNextPage()
      const shown = feedEntries(observer.getCurrentResult().data).map((row) => row.id)
      // (Earlier tests here published to the first relay too: what both relays hold is all there.)
      expect(shown).toEqual(expect.arrayContaining([...stored, ...bobNotes].map((e) => e.id)))
    } finally {
      await second.close()
    }
  })
})
