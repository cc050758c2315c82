// Follow Only by outbox (NIP-65) against real relays: a pool relay and two relays outside the
// pool (in the test hub directly, standing in for short-lived connections). Each author's notes
// live only where they write; the test checks which relay was asked for which authors, and that
// the pages merge across relays without ending early.
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  feedEntries,
  feedQueryOptions,
  liveRowsOptions,
} from '../../../../src/actors/feed/feed-queries.ts'
import { followOutboxLive } from '../../../../src/actors/feed/follows-live.ts'
import { createOutboxRelays, type PoolRelay } from '../../../../src/actors/relays/outbox-relays.ts'
import type { ReadRoutes } from '../../../../src/actors/relays/read-routes.ts'
import {
  type FeedSource,
  feedPageFilters,
  GLOBAL_SOURCE,
} from '../../../../src/core/feed/feed-source.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from '../relays/real-hub.ts'
import { recordingHub } from '../relays/recording-hub.ts'

const now = Math.floor(Date.now() / 1000)
const [alice, bob, carol, dave, stranger] = Array.from({ length: 5 }, () =>
  generateSecretKey(),
) as [Uint8Array, Uint8Array, Uint8Array, Uint8Array, Uint8Array]
const [ALICE, BOB, CAROL, DAVE] = [alice, bob, carol, dave].map((key) => getPublicKey(key)) as [
  string,
  string,
  string,
  string,
]
const note = (key: Uint8Array, ago: number, content: string): NostrEvent =>
  finalizeEvent({ kind: 1, created_at: now - ago, tags: [], content }, key)
const relayList = (key: Uint8Array, url: string) =>
  finalizeEvent(
    { kind: 10002, created_at: now - 1000, tags: [['r', url, 'write']], content: '' },
    key,
  )

// Alice writes to A (3 recent notes), bob to B (25 older ones), carol to the pool relay, dave has
// no list and his notes are on the pool relay; a stranger's notes there are not followed.
const aliceNotes = [10, 20, 30].map((ago) => note(alice, ago, `alice ${ago}`))
const bobNotes = Array.from({ length: 25 }, (_, i) => note(bob, 100 + i * 10, `bob ${i}`))
const carolNotes = [15, 25, 105, 205, 305].map((ago) => note(carol, ago, `carol ${ago}`))
const daveNotes = [35, 400].map((ago) => note(dave, ago, `dave ${ago}`))
const strangerNotes = [5, 50].map((ago) => note(stranger, ago, 'not followed'))
const followed = [...aliceNotes, ...bobNotes, ...carolNotes, ...daveNotes]

const hubs = realHubs()
let pool: RelayHandle
let a: RelayHandle
let b: RelayHandle

beforeAll(async () => {
  a = await startRelay({ seed: aliceNotes })
  b = await startRelay({ seed: bobNotes })
  pool = await startRelay({
    seed: [
      relayList(alice, a.url),
      relayList(bob, b.url),
      ...carolNotes,
      ...daveNotes,
      ...strangerNotes,
    ],
  })
  // Carol writes to the pool relay itself (its URL is known only now).
  await pool.publish(relayList(carol, pool.url))
})
afterAll(async () => {
  hubs.close()
  await Promise.all([pool.close(), a.close(), b.close()])
})
afterEach(() => {
  void hubs.stopSockets()
})

const source: FeedSource = {
  follows: { pubkey: 'f'.repeat(64), version: 1, authors: [ALICE, BOB, CAROL, DAVE] },
  hashtags: [],
}

function setup(relays: RelayHandle[], poolRelays: RelayHandle[]) {
  const connected = hubs.connect(
    relays.map((relay) => relay.url),
    { eoseTimeoutMs: 800 },
  )
  const { hub, asked } = recordingHub(connected.hub)
  const poolEntries: PoolRelay[] = poolRelays.map((relay) => ({
    url: relay.url,
    permission: 'readwrite',
  }))
  const routes: ReadRoutes = {
    pool: () => poolEntries,
    outbox: createOutboxRelays(hub),
    ownReadRelays: () => [],
  }
  return { hub, verifier: connected.verifier, asked, routes }
}

/** What each relay was asked for kind-1 notes: relay → authors of each REQ. */
const notesAsked = (asked: ReturnType<typeof setup>['asked']) =>
  asked
    .filter((ask) => ask.filters.some((filter) => filter.kinds?.includes(1)))
    .map((ask) => ({
      relays: ask.relays,
      authors: ask.filters.flatMap((filter) => filter.authors ?? []),
      reason: ask.reason,
    }))

describe('Follow Only by outbox', () => {
  it('asks each relay once per page for the authors writing there, and pages across them all', async () => {
    const { hub, verifier, asked, routes } = setup([pool, a, b], [pool])
    const queryClient = new QueryClient()
    const options = feedQueryOptions(hub, source, verifier, routes)
    const observer = new InfiniteQueryObserver(queryClient, { ...options, staleTime: Infinity })
    await observer.refetch()

    // The relay lists first: one request, to the pool, for every author.
    expect(asked[0]).toMatchObject({
      filters: [{ kinds: [10002], authors: source.follows!.authors }],
    })
    expect(asked[0]!.relays).toBeUndefined()
    // Then one REQ per relay, each naming the authors it serves, and why. Alice and bob list one
    // write relay each: the pool relay makes their second (2 per author, spec §9).
    const onPool = [ALICE, BOB, CAROL, DAVE]
    expect(notesAsked(asked)).toEqual([
      { relays: [pool.url], authors: onPool, reason: { kind: 'outbox', pubkeys: onPool } },
      { relays: [a.url], authors: [ALICE], reason: { kind: 'outbox', pubkeys: [ALICE] } },
      { relays: [b.url], authors: [BOB], reason: { kind: 'outbox', pubkeys: [BOB] } },
    ])

    // A has nothing older after the first page: bob's and carol's older notes still come, until
    // every relay has run out.
    while (observer.getCurrentResult().hasNextPage) await observer.fetchNextPage()
    const data = observer.getCurrentResult().data
    const shown = feedEntries(data).map((row) => row.id)
    const expected = [...followed].sort((x, y) => y.created_at - x.created_at).map((e) => e.id)
    expect(shown).toEqual(expected)
    // A page shows every note that came complete (pageNotes): down to where each relay's full
    // page ended. The 35 notes take three pages, where pages of 10 took four.
    expect(data!.pages.slice(0, 4).map((page) => page.entries.length)).toEqual([17, 11, 7, 0])
    // Each page asked each relay once (the lists were kept after the first).
    const pages = data!.pages.length
    expect(notesAsked(asked)).toHaveLength(pages * 3)
    expect(asked.filter((ask) => ask.filters[0]?.kinds?.includes(10002))).toHaveLength(1)
  })

  it('a relay silent for a page is asked again from where it stopped: none of its notes is skipped', async () => {
    const { hub, verifier, routes } = setup([pool, a, b], [pool])
    await hubs.connect([pool.url, a.url, b.url]).connected()
    const queryClient = new QueryClient()
    const options = feedQueryOptions(hub, source, verifier, routes)
    const observer = new InfiniteQueryObserver(queryClient, { ...options, staleTime: Infinity })
    await observer.refetch()
    // The second page goes out while B says nothing: the pool's older notes make that page, and
    // bob's between the two are still B's to send.
    b.setFaults({ dropAll: true })
    await observer.fetchNextPage()
    const second = observer.getCurrentResult().data!.pages[1]!
    expect(second.entries.map((row) => row.id)).not.toContain(bobNotes[5]!.id)
    expect(second.next?.start.owed).toEqual({ [b.url]: second.cursor.start.until })
    b.setFaults(undefined)
    while (observer.getCurrentResult().hasNextPage) await observer.fetchNextPage()
    const shown = feedEntries(observer.getCurrentResult().data).map((row) => row.id)
    const expected = [...followed].sort((x, y) => y.created_at - x.created_at).map((e) => e.id)
    expect(shown).toEqual(expected)
  })

  it('collapses to the one request of today when every author writes to the one pool relay', async () => {
    const { hub, verifier, asked, routes } = setup([pool], [pool])
    const queryClient = new QueryClient()
    const onlyPool: FeedSource = {
      follows: { pubkey: 'e'.repeat(64), version: 1, authors: [CAROL, DAVE] },
      hashtags: [],
    }
    await queryClient.fetchInfiniteQuery(feedQueryOptions(hub, onlyPool, verifier, routes))
    const notes = asked.filter((ask) => ask.filters.some((filter) => filter.kinds?.includes(1)))
    expect(notes).toHaveLength(1)
    expect(notes[0]!.relays).toEqual([pool.url])
    expect(notes[0]!.filters).toEqual(feedPageFilters(onlyPool, 10))
  })

  it("brings the followed authors' new notes from their relays outside the pool, into this feed only", async () => {
    const { hub, verifier, routes } = setup([pool, a, b], [pool])
    const queryClient = new QueryClient()
    await queryClient.fetchInfiniteQuery(feedQueryOptions(hub, source, verifier, routes))
    await queryClient.fetchInfiniteQuery(feedQueryOptions(hub, GLOBAL_SOURCE, verifier))
    const stop = followOutboxLive({ hub, routes, queryClient, verifier }, source)
    // The live REQs are out by the time these answer.
    await vi.waitFor(() => expect(a.stats().open + b.stats().open).toBeGreaterThan(0))
    await hub.query([{ kinds: [1], limit: 1 }], { relays: [a.url, b.url] })

    const at = Math.floor(Date.now() / 1000) + 1
    const fromA = finalizeEvent({ kind: 1, created_at: at, tags: [], content: 'live on A' }, alice)
    const fromB = finalizeEvent({ kind: 1, created_at: at, tags: [], content: 'live on B' }, bob)
    const strangerOnA = finalizeEvent(
      { kind: 1, created_at: at, tags: [], content: 'stranger on A' },
      stranger,
    )
    for (const event of [fromA, strangerOnA]) await a.publish(event)
    await b.publish(fromB)
    const live = (feed: FeedSource) =>
      (queryClient.getQueryData(liveRowsOptions(feed).queryKey) ?? []).map((row) => row.id)
    await vi.waitFor(() =>
      expect(live(source)).toEqual(expect.arrayContaining([fromA.id, fromB.id])),
    )
    expect(live(source)).not.toContain(strangerOnA.id)
    // The pool's feed is the pool's live subscription's: the routed ones add nothing to it.
    expect(live(GLOBAL_SOURCE)).toEqual([])
    stop()
  })

  it("writes an outside relay's burst in fewer writes than notes, every note kept", async () => {
    const { hub, verifier, routes } = setup([pool, a, b], [pool])
    const queryClient = new QueryClient()
    await queryClient.fetchInfiniteQuery(feedQueryOptions(hub, source, verifier, routes))
    const stop = followOutboxLive({ hub, routes, queryClient, verifier }, source)
    await vi.waitFor(() => expect(a.stats().open).toBeGreaterThan(0))
    await hub.query([{ kinds: [1], limit: 1 }], { relays: [a.url] })
    const liveKey = liveRowsOptions(source).queryKey
    let writes = 0
    const unsubscribe = queryClient.getQueryCache().subscribe((change) => {
      if (change.type === 'updated' && change.action.type === 'success') {
        if (JSON.stringify(change.query.queryKey) === JSON.stringify(liveKey)) writes++
      }
    })
    const BURST = 40
    const at = Math.floor(Date.now() / 1000) + 1
    const burst = Array.from({ length: BURST }, (_, i) =>
      finalizeEvent({ kind: 1, created_at: at, tags: [], content: `burst ${i}` }, alice),
    )
    await Promise.all(burst.map((event) => a.publish(event)))
    const live = () => (queryClient.getQueryData(liveKey) ?? []).map((row) => row.id)
    await vi.waitFor(() =>
      expect(live()).toEqual(expect.arrayContaining(burst.map((event) => event.id))),
    )
    // One write per event was BURST writes; checked in batches, a task's events go at once.
    expect(writes).toBeLessThan(BURST / 2)
    unsubscribe()
    stop()
  })
})
