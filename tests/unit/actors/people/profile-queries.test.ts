// The profile's queries against real relays (real sockets, the real hub, the verify API over a
// MessageChannel) and NIP-05 against a real HTTP server on 127.0.0.1.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query'
import { finalizeEvent, generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { profileNotesQueries } from '../../../../src/actors/feed/profile-notes.ts'
import { metadataKey } from '../../../../src/actors/people/metadata-queries.ts'
import { checkNip05 } from '../../../../src/actors/people/nip05-check.ts'
import { profileQueries } from '../../../../src/actors/people/profile-queries.ts'
import { createOutboxRelays, type PoolRelay } from '../../../../src/actors/relays/outbox-relays.ts'
import type { RelayHub } from '../../../../src/actors/relays/relay-hub.ts'
import { type FeedEntry, mergeEntries } from '../../../../src/core/feed/feed-entry.ts'
import { type RelayHandle, startRelay } from '../../../peers/relay.ts'
import { realHubs } from '../relays/real-hub.ts'

const now = Math.floor(Date.now() / 1000)
const sign = (key: Uint8Array, kind: number, ago: number, tags: string[][] = [], content = '') =>
  finalizeEvent({ kind, created_at: now - ago, tags, content }, key)

const alice = generateSecretKey()
const bob = generateSecretKey()
const carol = generateSecretKey()
const dave = generateSecretKey()
const ALICE = getPublicKey(alice)
const BOB = getPublicKey(bob)
const CAROL = getPublicKey(carol)
const DAVE = getPublicKey(dave)

// 25 notes by alice: the even ones on the first relay, the odd ones on the second.
const aliceNotes = Array.from({ length: 25 }, (_, i) => sign(alice, 1, 100 + i * 10, [], `n${i}`))

const hubs = realHubs()

let one: RelayHandle
let two: RelayHandle

beforeAll(async () => {
  const shared: NostrEvent[] = [
    sign(alice, 0, 500, [], JSON.stringify({ name: 'alice', displayName: 'Alice' })),
    sign(alice, 3, 400, [
      ['p', BOB, 'wss://bob.example.com', 'bobby'],
      ['p', CAROL],
    ]),
    sign(alice, 10000, 300, [
      ['p', DAVE],
      ['t', 'airdrop'],
      ['word', 'giveaway'],
    ]),
    sign(bob, 3, 200, [['p', ALICE]]),
    sign(carol, 3, 900, [['p', ALICE]]),
    // Carol's newer list no longer names alice.
    sign(carol, 3, 100, [['p', BOB]]),
    sign(dave, 3, 50, [['p', ALICE]]),
    sign(dave, 0, 50, [], 'not json'),
  ]
  one = await startRelay({ seed: [...shared, ...aliceNotes.filter((_, i) => i % 2 === 0)] })
  two = await startRelay({ seed: aliceNotes.filter((_, i) => i % 2 === 1) })
  // Alice writes to the second relay (and to one the app does not know).
  await one.publish(
    sign(alice, 10002, 600, [
      ['r', 'wss://elsewhere.example.com', 'write'],
      ['r', two.url],
      ['r', 'wss://inbox.example.com', 'read'],
    ]),
  )
})
afterAll(async () => {
  hubs.close()
  await Promise.all([one.close(), two.close()])
})
afterEach(() => {
  void hubs.stopSockets()
})

const hubFor = (...relays: RelayHandle[]): RelayHub =>
  hubs.connect(relays.map((relay) => relay.url)).hub

const readwrite = (...relays: RelayHandle[]): PoolRelay[] =>
  relays.map((relay) => ({ url: relay.url, permission: 'readwrite' }))

function setup(...relays: RelayHandle[]) {
  const hub = hubFor(...relays)
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const pool = () => readwrite(...relays)
  const queries = {
    ...profileQueries({ hub, queryClient, pool }),
    ...profileNotesQueries({ hub, outbox: createOutboxRelays(hub), pool }),
  }
  return { hub, queryClient, queries }
}

describe('profile queries', () => {
  it('metadata: the newest kind 0, shared with the note cards; null when not JSON or absent', async () => {
    const { queryClient, queries } = setup(one)
    const metadata = await queryClient.fetchQuery(queries.metadata(ALICE))
    expect(metadata).toMatchObject({ name: 'alice', display_name: 'Alice' })
    expect(queryClient.getQueryData(metadataKey(ALICE))).toEqual(metadata)
    expect(await queryClient.fetchQuery(queries.metadata(DAVE))).toBeNull()
    expect(await queryClient.fetchQuery(queries.metadata(CAROL))).toBeNull()
  })

  it('contacts: the p tags of their newest kind 3 with relay and petname', async () => {
    const { queryClient, queries } = setup(one)
    const list = await queryClient.fetchQuery(queries.contacts(ALICE))
    expect(list?.contacts).toEqual([
      { pubkey: BOB, relay: 'wss://bob.example.com', petname: 'bobby' },
      { pubkey: CAROL, relay: '', petname: '' },
    ])
    expect(
      await queryClient.fetchQuery(queries.contacts(getPublicKey(generateSecretKey()))),
    ).toBeNull()
  })

  it('followers: authors whose newest contact list names them', async () => {
    const { queryClient, queries } = setup(one)
    const followers = await queryClient.fetchQuery(queries.followers(ALICE))
    expect(followers).toEqual({ pubkeys: [DAVE, BOB], capped: false })
  })

  it('mute list: its public people, hashtags and words', async () => {
    const { queryClient, queries } = setup(one)
    const list = await queryClient.fetchQuery(queries.muteList(ALICE))
    expect(list).toMatchObject({
      people: [{ pubkey: DAVE, relay: '', petname: '' }],
      hashtags: ['airdrop'],
      words: ['giveaway'],
    })
  })

  it('notes: pages newest first across relays, of every note that came complete, none skipped, each with the relay it came from', async () => {
    const { queryClient, queries } = setup(one, two)
    const options = queries.notes(ALICE)
    await queryClient.fetchInfiniteQuery({ ...options, pages: 3 })
    const pages = queryClient.getQueryData(options.queryKey)!.pages
    // Each relay sent its newest ten: the first's reach back to n18, the second's to n19, so
    // every note down to n18 came complete. The third page is empty: nothing older, so paging
    // ends there.
    expect(pages.map((page) => page.entries.length)).toEqual([19, 6, 0])
    expect(pages.at(-1)!.next).toBeUndefined()
    expect(pages.flatMap((page) => page.entries.map((entry) => entry.note?.content))).toEqual(
      aliceNotes.map((note) => note.content),
    )
    const first = pages[0]!
    expect(first.seenOn[aliceNotes[0]!.id]).toBe(one.url)
    expect(first.seenOn[aliceNotes[1]!.id]).toBe(two.url)
    // Her write relays, the one outside the pool too (NIP-65 outbox), then the pool's others.
    expect(first.relays.outbox).toEqual(['wss://elsewhere.example.com', two.url])
    expect(first.relays.asked).toEqual(['wss://elsewhere.example.com', two.url, one.url])
  })
  /**
   * Pages through their notes, held by a pool relay and by their write relay outside the pool
   * (named in their relay list), to the end; the write relay silent for the second page only.
   */
  async function pagesWithSilence(
    key: Uint8Array,
    inPoolSeed: NostrEvent[],
    outsideSeed: NostrEvent[],
  ) {
    const inPool = await startRelay({ seed: inPoolSeed })
    const outside = await startRelay({ seed: outsideSeed })
    try {
      await inPool.publish(sign(key, 10002, 600, [['r', outside.url, 'write']]))
      const connection = hubs.connect([inPool.url, outside.url], { eoseTimeoutMs: 300 })
      await connection.connected()
      const { hub } = connection
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
      const pool = () => readwrite(inPool)
      const options = profileNotesQueries({ hub, outbox: createOutboxRelays(hub), pool }).notes(
        getPublicKey(key),
      )
      const observer = new InfiniteQueryObserver(queryClient, { ...options, staleTime: Infinity })
      await observer.refetch()
      outside.setFaults({ dropAll: true })
      await observer.fetchNextPage()
      outside.setFaults(undefined)
      while (observer.getCurrentResult().hasNextPage) await observer.fetchNextPage()
      const { pages } = observer.getCurrentResult().data!
      const rows = pages.reduce<readonly FeedEntry[]>(
        (all, page) => mergeEntries(all, page.entries),
        [],
      )
      return { pages, shown: rows.map((row) => row.note?.content), outside: outside.url }
    } finally {
      await Promise.all([inPool.close(), outside.close()])
    }
  }

  it('notes: a relay silent for a page is asked again from where it stopped: none of their notes is skipped', async () => {
    // Frank's 40 notes: the even ones on the pool's relay, the odd ones on his write relay.
    const frank = generateSecretKey()
    const notes = Array.from({ length: 40 }, (_, i) => sign(frank, 1, 100 + i * 10, [], `f${i}`))
    const { pages, shown, outside } = await pagesWithSilence(
      frank,
      notes.filter((_, i) => i % 2 === 0),
      notes.filter((_, i) => i % 2 === 1),
    )
    expect(shown).toEqual(notes.map((note) => note.content))
    const contents = (page: number) => pages[page]!.entries.map((row) => row.note?.content)
    const of = (kept: (i: number) => boolean) =>
      notes.filter((_, i) => kept(i)).map((note) => note.content)
    // Both answered the first page: every note down to f18 came complete.
    expect(contents(0)).toEqual(of((i) => i <= 18))
    // The pool's notes made the second page, and his write relay owes from where it was asked.
    expect(contents(1)).toEqual(of((i) => i >= 20 && i % 2 === 0))
    expect(pages[1]!.next?.owed).toEqual({ [outside]: notes[18]!.created_at - 1 })
    // Its notes between the two pages came with the third, late, taking none of its places.
    expect(contents(2)).toEqual(of((i) => i > 18 && i < 39 && i % 2 === 1))
    // Its full answer stopped at f37, short of the second page's oldest note: it owed from there.
    expect(pages[2]!.next?.owed).toEqual({ [outside]: notes[37]!.created_at })
  })

  it('notes: someone who writes only outside the pool is not taken to have no more notes when that relay is silent for a page', async () => {
    const gina = generateSecretKey()
    const notes = Array.from({ length: 25 }, (_, i) => sign(gina, 1, 100 + i * 10, [], `g${i}`))
    const { pages, shown } = await pagesWithSilence(gina, [], notes)
    expect(shown).toEqual(notes.map((note) => note.content))
    // The silent page had none of hers: the same page was asked again, of that relay.
    expect(pages[1]!.entries).toEqual([])
    expect(pages[1]!.next).toMatchObject({ until: notes[9]!.created_at - 1, empty: 1 })
  })
})

describe('profile queries, answered or not', () => {
  it('notes: their reposts (kind 6) are rows too, showing the reposted note', async () => {
    const erin = generateSecretKey()
    const ERIN = getPublicKey(erin)
    const own = sign(erin, 1, 30, [], 'my note')
    const repost = sign(
      erin,
      6,
      20,
      [
        ['e', aliceNotes[0]!.id],
        ['p', ALICE],
      ],
      JSON.stringify(aliceNotes[0]),
    )
    const relay = await startRelay({ seed: [aliceNotes[0]!, own, repost] })
    try {
      const { queryClient, queries } = setup(relay)
      const data = await queryClient.fetchInfiniteQuery(queries.notes(ERIN))
      expect(
        data.pages[0]!.entries.map((entry) => [
          entry.id,
          entry.repost?.pubkey,
          entry.note?.content,
        ]),
      ).toEqual([
        [repost.id, ERIN, aliceNotes[0]!.content],
        [own.id, undefined, 'my note'],
      ])
    } finally {
      await relay.close()
    }
  })

  it("none found where relays answered is null or an empty page; where none answered, the spec's failures", async () => {
    const nobody = getPublicKey(generateSecretKey())
    const { queryClient, queries } = setup(one)
    expect(await queryClient.fetchQuery(queries.metadata(nobody))).toBeNull()
    const empty = await queryClient.fetchInfiniteQuery(queries.notes(nobody))
    expect(empty.pages[0]!.entries).toEqual([])

    const silent = await startRelay({ seed: aliceNotes, faults: { dropAll: true } })
    try {
      const hub = hubs.connect([silent.url], { eoseTimeoutMs: 300 }).hub
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
      const pool = () => readwrite(silent)
      const unheard = {
        ...profileQueries({ hub, queryClient: client, pool }),
        ...profileNotesQueries({ hub, outbox: createOutboxRelays(hub), pool }),
      }
      await expect(client.fetchQuery(unheard.metadata(ALICE))).rejects.toThrow(
        'Failed to load profile',
      )
      await expect(client.fetchInfiniteQuery(unheard.notes(ALICE))).rejects.toThrow(
        'Failed to load notes',
      )
    } finally {
      await silent.close()
    }
  })
})

describe('outbox relays', () => {
  it('keeps relay lists in the LRU: a second look does not ask the relays again', async () => {
    const hub = hubFor(one)
    const outbox = createOutboxRelays(hub)
    const person = await outbox.relaysOf(ALICE)
    expect(person.source).toBe('relay-list')
    const reqs = one.stats().reqs
    expect(await outbox.relaysOf(ALICE)).toBe(person)
    expect(one.stats().reqs).toBe(reqs)
  })

  it('falls back to the readable relays for someone with no relay list', async () => {
    const hub = hubFor(one, two)
    const outbox = createOutboxRelays(hub)
    const pool: PoolRelay[] = [
      { url: one.url, permission: 'readwrite' },
      { url: two.url, permission: 'write' },
    ]
    expect(await outbox.notesRelays(BOB, pool)).toEqual({ outbox: [one.url], asked: [one.url] })
  })
})

describe('NIP-05 check', () => {
  let server: Server
  let origin: string
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x')
      if (url.pathname === '/.well-known/nostr.json') {
        res.setHeader('content-type', 'application/json')
        const name = url.searchParams.get('name')
        // NIP-05 forbids following redirects: this one leads to a document that would verify.
        if (name === 'moved') return res.writeHead(302, { location: '/elsewhere.json' }).end()
        res.end(JSON.stringify({ names: name === 'alice' ? { alice: ALICE } : {} }))
      } else if (url.pathname === '/elsewhere.json') {
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ names: { moved: ALICE } }))
      } else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('verifies when the document names the pubkey (loopback over http)', async () => {
    expect(await checkNip05(`alice@${origin}`, ALICE)).toBe(true)
  })

  it('is simply false for another pubkey, an unknown name, a bad address or no server', async () => {
    expect(await checkNip05(`alice@${origin}`, BOB)).toBe(false)
    expect(await checkNip05(`bob@${origin}`, BOB)).toBe(false)
    expect(await checkNip05('not an address', ALICE)).toBe(false)
    expect(await checkNip05('alice@127.0.0.1:1', ALICE)).toBe(false)
    expect(await checkNip05(`moved@${origin}`, ALICE)).toBe(false)
  })
})
